import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { InvoiceView } from '@conversa/shared/schemas/billing';
import { ContentLayout } from '../../../components/layouts/content-layout';
import { useInvoices } from '../../../features/billing/api/get-invoices';
import { CheckoutWizard } from '../../../features/billing/components/checkout-wizard';
import { InvoicesTable } from '../../../features/billing/components/invoices-table';
import { useUser } from '../../../lib/auth';
import { isoDate } from '../../../lib/format';
import '../../../lib/i18n/locales/billing';
import { isOverdue } from '../../../lib/subscription';
import '../../../styles/billing.css';

/** /financeiro (spec 2 "Invoices list", "Checkout wizard"; admin): the invoices and the Pix checkout. */
export default function FinanceiroRoute() {
  const { t } = useTranslation();
  const me = useUser();
  const invoices = useInvoices('');
  const [paying, setPaying] = useState<InvoiceView>();
  const today = isoDate();
  return (
    <ContentLayout title={t('billing.title')} fill>
      {isOverdue(me.company, today) ? (
        <p className="billing-notice" role="alert">
          <AlertTriangle size={18} aria-hidden />
          {t('billing.overdueNotice')}
        </p>
      ) : null}
      <div className="card card--fill">
        <InvoicesTable query={invoices} today={today} onPay={setPaying} />
      </div>
      <CheckoutWizard invoice={paying} companyId={me.companyId} isSuper={me.super} onClose={() => setPaying(undefined)} />
    </ContentLayout>
  );
}
