import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FlowEditor } from '../../../features/flows/components/editor/flow-editor';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import '../../../lib/i18n/locales/flows';
import '../../../styles/flows.css';

/** /flowbuilder/{id} (spec 3 "Flow editor"). Without an id there is nothing to draw: the list is where a flow is made. */
export default function FlowBuilderRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const flowId = Number(id);
  useDocumentTitle(t('flows.editor.title'));
  if (!Number.isInteger(flowId) || flowId <= 0) return <p className="flow-editor__loading">{t('flows.editor.notFound')}</p>;
  return <FlowEditor key={flowId} flowId={flowId} />;
}
