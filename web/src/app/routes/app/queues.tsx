import LaterRoute from './later';

/** Placeholder while the queues issue builds this page: the honest later-version notice. */
export default function Page() {
  return <LaterRoute titleKey="pages.queues" />;
}
