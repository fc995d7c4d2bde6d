import { TagsScreen } from '../../../features/tags/components/tags-screen';

/** /TagsKanban (spec 3 "Lanes screen"): the lanes, on plans basico, empresarial and ultimate (the router's gate). */
export default function TagsKanbanRoute() {
  return <TagsScreen kanban={1} />;
}
