/** The payment certificate panel's section, registered when the panel's chunk loads. */
import { registerSection } from '../../index';
import en from './en';
import es from './es';
import pt from './pt';
import tr from './tr';

export const paymentCertificateTexts = { pt, en, es, tr };
registerSection('paymentCertificate', paymentCertificateTexts);
