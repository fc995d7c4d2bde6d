import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';

/** The form above a Settings table: its title, its fields, and Clear / Save. */
export function AdminForm({ title, busy, onClear, onSubmit, children }: { title: string; busy: boolean; onClear(): void; onSubmit(e: FormEvent): void; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={id}>
      <h3 id={id} className="admin-form__title">
        {title}
      </h3>
      {children}
      <div className="admin-form__actions">
        <Button variation="link" onClick={onClear} isDisabled={busy}>
          {t('companies.form.clear')}
        </Button>
        <Button type="submit" variation="primary" isLoading={busy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
