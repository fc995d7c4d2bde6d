import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Button, SelectField, SwitchField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_TOAST_MS } from '@conversa/shared/constants';
import { CAMPAIGN_MEDIA_ACCEPT, campaignEditability, campaignMediaType, type CampaignView } from '@conversa/shared/schemas/campaigns';
import { AttachmentField } from '../../../components/ui/attachment-field';
import { FormFooter, Modal } from '../../../components/ui/modal';
import { useAttachmentChange } from '../../../hooks/use-attachment-change';
import { useConnections } from '../../../lib/get-connections';
import { toast } from '../../../lib/toast';
import { useCampaignSettings } from '../api/get-campaign-settings';
import { useListOptions } from '../api/get-list-options';
import { useSaveCampaign } from '../api/save-campaign';
import { buildCampaignBody, emptyCampaignForm, fieldAccess, formFromCampaign, TEMPLATE_CHANNEL, variableNames, wallInput, type CampaignFormErrors, type CampaignFormValues } from '../lib/campaign-form';
import { TemplateFields } from './template-fields';
import { VariantTabs } from './variant-tabs';

type Props = { open: boolean; campaign?: CampaignView; onClose(): void };

/**
 * Add / edit a campaign (spec 3 "Campaigns page", §4, §5, §9): name, connection, contact list,
 * scheduled time, confirmation, 5 message and 5 confirmation variants with variable chips, a file;
 * a Cloud API connection sends a template instead. Read-only by §4's rule, the title says so; a
 * cancelled campaign keeps only its messages (and the submit) enabled.
 */
export function CampaignModal({ open, campaign, onClose }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CampaignFormValues>(emptyCampaignForm);
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const media = useAttachmentChange(campaign?.mediaName, campaignMediaType);
  const resetMedia = media.reset;
  const connections = useConnections({ enabled: open, staleTime: 30_000 });
  const lists = useListOptions(open);
  const settings = useCampaignSettings();
  const access = fieldAccess(campaign ? campaignEditability(campaign) : 'all');

  useEffect(() => {
    if (!open) return;
    setErrors({});
    resetMedia();
    setValues(campaign ? formFromCampaign(campaign) : emptyCampaignForm());
  }, [open, campaign, resetMedia]);

  const save = useSaveCampaign({
    onSuccess: (c) => {
      if (c.status === 'EM_ANDAMENTO' && campaign?.status !== 'EM_ANDAMENTO') toast.success(t('campaigns.started', { name: c.name }), CAMPAIGN_TOAST_MS);
      else toast.success(t('campaigns.saved'));
      onClose();
    },
  });

  const connection = connections.data?.find((c) => String(c.id) === values.whatsappId);
  const variables = useMemo(() => variableNames(settings.data?.variables ?? []), [settings.data]);
  const set = <K extends keyof CampaignFormValues>(field: K, value: CampaignFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!access.submit) return;
    const r = buildCampaignBody(values, connection?.channel, access);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    save.mutate({ id: campaign?.id, body: r.body, media: access.settings ? media.change : undefined });
  };
  const err = (key: string | undefined) => (key ? t(key) : undefined);
  const title = access.readOnly ? t('campaigns.modal.readOnlyTitle') : campaign ? t('campaigns.modal.editTitle') : t('campaigns.modal.addTitle');
  const off = !access.settings;

  return (
    <Modal
      open={open}
      size="large"
      title={title}
      onClose={onClose}
      footer={
        access.submit ? (
          <FormFooter formId="campaign-form" pending={save.isPending} onCancel={onClose} />
        ) : (
          <Button variation="primary" onClick={onClose}>
            {t('campaigns.modal.close')}
          </Button>
        )
      }
    >
      <form id="campaign-form" className="form campaign-form" onSubmit={submit} noValidate>
        {access.readOnly ? <p className="campaign-form__notice">{t('campaigns.modal.readOnlyHint')}</p> : off ? <p className="campaign-form__notice">{t('campaigns.modal.cancelledHint')}</p> : null}
        <div className="campaign-form__grid">
          <TextField label={t('campaigns.modal.name')} name="name" autoComplete="off" value={values.name} isDisabled={off} onChange={(e) => set('name', e.target.value)} hasError={Boolean(errors.name)} errorMessage={err(errors.name)} />
          <SelectField
            label={t('campaigns.modal.whatsapp')}
            name="whatsappId"
            value={values.whatsappId}
            isDisabled={off}
            onChange={(e) => setValues((v) => ({ ...v, whatsappId: e.target.value, template: null }))}
            hasError={Boolean(errors.whatsappId)}
            errorMessage={err(errors.whatsappId)}
          >
            <option value="">{t('campaigns.modal.none')}</option>
            {(connections.data ?? []).map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('campaigns.modal.contactList')}
            name="contactListId"
            value={values.contactListId}
            isDisabled={off}
            onChange={(e) => set('contactListId', e.target.value)}
            hasError={Boolean(errors.contactListId)}
            errorMessage={err(errors.contactListId)}
          >
            <option value="">{t('campaigns.modal.none')}</option>
            {(lists.data ?? []).map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name}
              </option>
            ))}
          </SelectField>
          <div className="campaign-form__when">
            <div className="campaign-form__when-row">
              <TextField
                label={t('campaigns.modal.scheduledAt')}
                name="scheduledAt"
                type="datetime-local"
                step={1}
                value={values.scheduledAt}
                isDisabled={off}
                onChange={(e) => set('scheduledAt', e.target.value)}
                hasError={Boolean(errors.scheduledAt)}
                errorMessage={err(errors.scheduledAt)}
              />
              <Button size="small" isDisabled={off} onClick={() => set('scheduledAt', wallInput(new Date()))}>
                {t('campaigns.modal.now')}
              </Button>
            </div>
            <p className="muted campaign-form__field-hint">{t('campaigns.modal.scheduledAtHint')}</p>
          </div>
        </div>
        <SwitchField label={t('campaigns.modal.confirmation')} name="confirmation" isChecked={values.confirmation} isDisabled={off} onChange={(e) => set('confirmation', e.target.checked)} />
        {values.confirmation ? <p className="muted campaign-form__hint">{t('campaigns.modal.confirmationHint')}</p> : null}
        {connection?.channel === TEMPLATE_CHANNEL ? (
          <TemplateFields whatsappId={connection.id} value={values.template} onChange={(tpl) => set('template', tpl)} variables={variables} disabled={off} error={errors.template} />
        ) : (
          <section className="campaign-form__section" aria-label={t('campaigns.modal.messagesTitle')}>
            <h3 className="campaign-form__title">{t('campaigns.modal.messagesTitle')}</h3>
            <p className="muted campaign-form__hint">{t('campaigns.modal.variantsHint')}</p>
            <VariantTabs kind="message" values={values.messages} onChange={(m) => set('messages', m)} variables={variables} disabled={!access.messages} error={errors.messages} />
          </section>
        )}
        {values.confirmation ? (
          <section className="campaign-form__section" aria-label={t('campaigns.modal.confirmationsTitle')}>
            <h3 className="campaign-form__title">{t('campaigns.modal.confirmationsTitle')}</h3>
            <VariantTabs kind="confirmation" values={values.confirmations} onChange={(m) => set('confirmations', m)} variables={variables} disabled={!access.messages} error={errors.confirmations} />
          </section>
        ) : null}
        <AttachmentField
          fileName={media.shown}
          accept={CAMPAIGN_MEDIA_ACCEPT}
          onPick={media.pick}
          onRemove={media.remove}
          disabled={off}
          labels={{ attach: t('campaigns.modal.attach'), remove: t('campaigns.modal.removeMedia'), hint: t('campaigns.modal.mediaHint') }}
          error={media.wrongType ? t('campaigns.modal.wrongType') : undefined}
          testId="campaign-media"
        />
      </form>
    </Modal>
  );
}
