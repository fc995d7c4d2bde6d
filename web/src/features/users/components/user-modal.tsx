import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Loader, PasswordField, SelectField, SwitchField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { PROFILES, type Profile } from '@conversa/shared/roles';
import type { UserView } from '@conversa/shared/schemas/auth';
import type { CreateUserBody, UpdateUserBody } from '@conversa/shared/schemas/users';
import { Modal } from '../../../components/ui/modal';
import { QueueChecklist } from '../../../components/ui/queue-checklist';
import { patchMe, useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import type { FieldErrors } from '../../../lib/validation';
import { useCreateUser } from '../api/create-user';
import { useUserDetail } from '../api/get-user';
import { useUpdateUser } from '../api/update-user';
import { buildUserBody, emptyUserForm, formFromUser, userFormPermissions, type UserFormField, type UserFormValues } from '../lib/user-form';

type Props = {
  open: boolean;
  /** Undefined = create. */
  userId?: number;
  /** Opened from the account menu on the signed-in user. */
  self?: boolean;
  onClose(): void;
  onSaved?(user: UserView): void;
  /** Shown under the form (the profile's own sections). */
  children?: ReactNode;
};

/** Add / edit a user (spec 1 §5, spec 2 §2 "user modal"). */
export function UserModal({ open, userId, self, onClose, onSaved, children }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const mode = userId === undefined ? 'create' : 'edit';
  const perms = userFormPermissions(me);
  const detail = useUserDetail(open ? userId : undefined);
  const [values, setValues] = useState<UserFormValues>(emptyUserForm);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (!open) return;
    setErrors({});
    setValues(mode === 'create' ? emptyUserForm : detail.data ? formFromUser(detail.data) : emptyUserForm);
  }, [open, mode, detail.data]);

  const done = (user: UserView) => {
    if (user.id === me.id) patchMe(user);
    toast.success(t('users.saved'));
    onSaved?.(user);
    onClose();
  };
  const create = useCreateUser({ onSuccess: done });
  const update = useUpdateUser({ onSuccess: done });
  const busy = create.isPending || update.isPending;

  const set = <K extends UserFormField>(field: K, value: UserFormValues[K]) => setValues((v) => ({ ...v, [field]: value }));
  const err = (f: UserFormField) => (errors[f] ? t(errors[f]) : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = buildUserBody(values, mode, perms);
    if (!r.ok) return setErrors(r.errors);
    setErrors({});
    if (mode === 'create') create.mutate(r.body as CreateUserBody);
    else if (userId !== undefined) update.mutate({ id: userId, body: r.body as UpdateUserBody });
  };

  const title = self ? t('users.modal.profileTitle') : mode === 'create' ? t('users.modal.addTitle') : t('users.modal.editTitle');
  const loading = mode === 'edit' && detail.isPending;
  const readOnly = t('users.modal.readOnlyHint');

  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variation="link" onClick={onClose} isDisabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="user-form" variation="primary" isLoading={busy} isDisabled={loading}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      {loading ? (
        <div className="modal__loading">
          <Loader size="large" />
        </div>
      ) : (
        <form id="user-form" className="form" onSubmit={submit} noValidate>
          <div className="form__grid">
            <TextField label={t('users.modal.name')} name="name" autoComplete="off" value={values.name} onChange={(e) => set('name', e.target.value)} isDisabled={mode === 'edit' && !perms.identity} descriptiveText={mode === 'edit' && !perms.identity ? readOnly : undefined} hasError={Boolean(errors.name)} errorMessage={err('name')} />
            <TextField label={t('users.modal.email')} name="email" type="email" autoComplete="off" value={values.email} onChange={(e) => set('email', e.target.value)} isDisabled={mode === 'edit' && !perms.identity} hasError={Boolean(errors.email)} errorMessage={err('email')} />
            <PasswordField label={t('users.modal.password')} name="password" autoComplete="new-password" value={values.password} onChange={(e) => set('password', e.target.value)} descriptiveText={mode === 'edit' ? t('users.modal.passwordKeep') : undefined} hasError={Boolean(errors.password)} errorMessage={err('password')} showPasswordButtonLabel={t('auth.login.showPassword')} hidePasswordButtonLabel={t('auth.login.hidePassword')} passwordIsHiddenLabel={t('auth.login.passwordHidden')} passwordIsShownLabel={t('auth.login.passwordShown')} />
            <PasswordField label={t('users.modal.confirmPassword')} name="confirm" autoComplete="new-password" value={values.confirm} onChange={(e) => set('confirm', e.target.value)} hasError={Boolean(errors.confirm)} errorMessage={err('confirm')} showPasswordButtonLabel={t('auth.login.showPassword')} hidePasswordButtonLabel={t('auth.login.hidePassword')} passwordIsHiddenLabel={t('auth.login.passwordHidden')} passwordIsShownLabel={t('auth.login.passwordShown')} />
            {perms.profile ? (
              <SelectField label={t('users.modal.profile')} name="profile" value={values.profile} onChange={(e) => set('profile', e.target.value as Profile)}>
                {PROFILES.map((p) => (
                  <option key={p} value={p}>
                    {t(`users.profiles.${p}`)}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <SelectField label={t('users.modal.whatsapp')} name="whatsappId" value="" isDisabled={!perms.queues} descriptiveText={t('users.modal.whatsappEmpty')} onChange={() => set('whatsappId', null)}>
              <option value="">{t('common.none')}</option>
            </SelectField>
          </div>
          <QueueChecklist legend={t('users.modal.queues')} emptyText={t('users.modal.queuesEmpty')} selected={values.queueIds} disabled={!perms.queues} onChange={(ids) => set('queueIds', ids)} />
          <div className="form__grid">
            <TextField label={t('users.modal.startWork')} name="startWork" type="time" step={600} value={values.startWork} onChange={(e) => set('startWork', e.target.value)} isDisabled={!perms.hours} hasError={Boolean(errors.startWork)} errorMessage={err('startWork')} />
            <TextField label={t('users.modal.endWork')} name="endWork" type="time" step={600} value={values.endWork} onChange={(e) => set('endWork', e.target.value)} isDisabled={!perms.hours} hasError={Boolean(errors.endWork)} errorMessage={err('endWork')} />
          </div>
          <TextAreaField label={t('users.modal.farewell')} name="farewellMessage" rows={3} descriptiveText={t('users.modal.farewellHelp')} value={values.farewellMessage} onChange={(e) => set('farewellMessage', e.target.value)} hasError={Boolean(errors.farewellMessage)} errorMessage={err('farewellMessage')} />
          {perms.allUserChat ? (
            <SwitchField label={t('users.modal.allUserChat')} name="allUserChat" isChecked={values.allUserChat} onChange={(e) => set('allUserChat', e.target.checked)} />
          ) : null}
        </form>
      )}
      {loading ? null : children}
    </Modal>
  );
}
