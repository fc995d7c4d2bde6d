import { useState, type FormEvent } from 'react';
import { Button, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { HelpView } from '@conversa/shared/schemas/helps';
import { youtubeId } from '@conversa/shared/schemas/helps';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { EditDeleteButtons } from '../../../components/ui/row-actions';
import { toast } from '../../../lib/toast';
import { useDeleteHelp, useHelps, useSaveHelp, type HelpInput } from '../api/helps';

const EMPTY: HelpInput = { title: '', description: '', video: '' };

/** Settings > Help (spec 2): a form, and the table of title, description and video. */
export function HelpsSection() {
  const { t } = useTranslation();
  const helps = useHelps();
  const [editing, setEditing] = useState<HelpView | undefined>();
  const [form, setForm] = useState<HelpInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof HelpInput, string>>>({});
  const [toDelete, setToDelete] = useState<HelpView | undefined>();
  const reset = () => {
    setEditing(undefined);
    setForm(EMPTY);
    setErrors({});
  };
  const save = useSaveHelp({
    onSuccess: (_h, created) => {
      toast.success(t(created ? 'content.helps.created' : 'content.helps.updated'));
      reset();
    },
    onError: () => toast.error(t('content.helps.saveFailed')),
  });
  const del = useDeleteHelp({
    onSuccess: () => {
      toast.success(t('content.helps.created'));
      setToDelete(undefined);
      if (editing?.id === toDelete?.id) reset();
    },
    onError: () => toast.error(t('content.helps.deleteFailed')),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!form.title.trim()) next.title = t('content.helps.required');
    if (form.video.trim() && !youtubeId(form.video)) next.video = t('content.helps.invalidVideo');
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate({ id: editing?.id, body: { title: form.title.trim(), description: form.description.trim(), video: form.video.trim() } });
  };

  const field = (k: keyof HelpInput) => ({
    value: form[k],
    onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value })),
    hasError: Boolean(errors[k]),
    errorMessage: errors[k],
  });

  return (
    <section className="content-panel" aria-labelledby="helps-form-title">
      <h2 id="helps-form-title" className="content-panel__title">{t(editing ? 'content.helps.editTitle' : 'content.helps.formTitle')}</h2>
      <form className="help-form" onSubmit={submit} noValidate>
        <TextField label={t('content.helps.fieldTitle')} {...field('title')} maxLength={200} />
        <TextField label={t('content.helps.fieldVideo')} {...field('video')} maxLength={300} />
        <TextAreaField label={t('content.helps.fieldDescription')} {...field('description')} rows={3} maxLength={4000} className="help-form__wide" />
        <div className="help-form__actions">
          <Button type="button" onClick={reset}>
            {t('content.helps.clear')}
          </Button>
          <Button type="submit" variation="primary" isLoading={save.isPending}>
            {t(editing ? 'content.helps.save' : 'content.helps.add')}
          </Button>
        </div>
      </form>
      {helps.isError ? (
        <p role="alert" className="muted">{t('content.helps.loadFailed')}</p>
      ) : (
        <div className="table-scroll">
          <DataTable
            testId="helps-table"
            rows={helps.data ?? []}
            rowKey={(h) => h.id}
            empty={helps.isPending ? '…' : t('content.helps.empty')}
            columns={[
              { key: 'title', header: t('content.helps.colTitle'), cell: (h) => h.title },
              { key: 'description', header: t('content.helps.colDescription'), className: 'hide-sm', cell: (h) => <span className="cell-clip">{h.description}</span> },
              { key: 'video', header: t('content.helps.colVideo'), cell: (h) => (h.video ? <code>{h.video}</code> : <span className="muted">{t('content.helps.noVideo')}</span>) },
              {
                key: 'actions',
                header: t('content.helps.actions'),
                label: false,
                cell: (h) => (
                  <EditDeleteButtons
                    editLabel={t('content.helps.edit', { title: h.title })}
                    deleteLabel={t('content.helps.remove', { title: h.title })}
                    onEdit={() => {
                      setEditing(h);
                      setForm({ title: h.title, description: h.description, video: h.video });
                      setErrors({});
                    }}
                    onDelete={() => setToDelete(h)}
                  />
                ),
              },
            ]}
          />
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== undefined}
        title={t('content.helps.deleteTitle', { title: toDelete?.title ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        busy={del.isPending}
        onClose={() => setToDelete(undefined)}
        onConfirm={() => toDelete && del.mutate(toDelete.id)}
      >
        {t('content.helps.deleteMessage')}
      </ConfirmDialog>
    </section>
  );
}
