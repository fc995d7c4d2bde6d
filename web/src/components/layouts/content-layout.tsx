import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';

type Props = { title: string; actions?: ReactNode; children: ReactNode; fill?: boolean };

/** A private page: title row with its actions, then the content. */
export function ContentLayout({ title, actions, children, fill }: Props) {
  useDocumentTitle(title);
  return (
    <div className={`content${fill ? ' content--fill' : ''}`}>
      <div className="content__header">
        <h1 className="content__title">{title}</h1>
        {actions ? <div className="content__actions">{actions}</div> : null}
      </div>
      <div className="content__body">{children}</div>
    </div>
  );
}
