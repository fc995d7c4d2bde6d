import { createContext, useContext } from 'react';

/** What a node's own icons ask of the editor. */
export type EditorActions = { duplicate(id: string): void; remove(id: string): void; edit(id: string): void };

export const EditorActionsContext = createContext<EditorActions>({ duplicate: () => {}, remove: () => {}, edit: () => {} });
export const useEditorActions = () => useContext(EditorActionsContext);
