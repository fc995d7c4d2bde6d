/** Portuguese texts of the payment certificate panel (the source of the keys). Registered lazily by the panel (registerSection). */
const paymentCertificate = {
  title: 'Certificado de pagamento (Pix Efí)',
  hint: 'O certificado .p12 da sua conta Efí, usado em todas as chamadas à API Pix. Ele fica guardado como segredo e nunca é exibido nem baixado.',
  installed: 'Certificado instalado',
  notInstalled: 'Nenhum certificado instalado.',
  subject: 'Titular (CN)',
  expiresAt: 'Válido até',
  uploadedAt: 'Enviado em',
  choose: 'Escolher arquivo .p12',
  noFile: 'Nenhum arquivo escolhido',
  send: 'Enviar',
  sending: 'Enviando...',
  chooseFile: 'Escolha um arquivo!',
  onlyP12: 'Use somente arquivos em formato .p12!',
  sent: 'Arquivo enviado com sucesso!',
  webhookTitle: 'Webhook Pix',
  webhookHint: 'Cadastra na Efí o endereço que ela chama quando uma cobrança Pix é paga.',
  webhookRegister: 'Registrar webhook',
  webhookRegisteredAt: 'Registrado em {{when}}',
  webhookNever: 'Ainda não registrado.',
  webhookDone: 'Webhook registrado com sucesso!',
};
export default paymentCertificate;
