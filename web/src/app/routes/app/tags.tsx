import { TagsScreen } from '../../../features/tags/components/tags-screen';

/** /tags (spec 3 "Tags list"): every plan. */
export default function TagsRoute() {
  return <TagsScreen kanban={0} />;
}
