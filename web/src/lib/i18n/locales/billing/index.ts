/** The billing section (invoices, checkout), registered when the importing chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const billingTexts = { pt, en, es, tr };
registerSection('billing', billingTexts);
