/** The Settings page's Companies and Plans tabs (super admin), one chunk with their texts and styles. */
import '../../../lib/i18n/locales/companies';
import '../../../styles/companies.css';

export { CompaniesSettings } from './companies-settings';
export { PlansSettings } from './plans-settings';
