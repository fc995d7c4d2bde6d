/**
 * The error catalogue of spec 1 §8 and spec 2 §8, plus the platform's own codes: every code with
 * its HTTP status and its Portuguese text (the default language). Its English, Spanish and
 * Turkish texts are in error-texts/ (typed by ErrorCode, so a code without a text does not
 * compile): the SPA loads them all (error-texts/index.ts); a server function loads only the
 * language a request asks for, when it asks (`errorTexts`), so they stay out of its bundle's start.
 */
export type Lang = 'pt' | 'en' | 'es' | 'tr';
export const LANGS: readonly Lang[] = ['pt', 'en', 'es', 'tr'];

type Entry = { status: number; pt: string };

export const ERRORS = {
  // connections and channel
  ERR_NO_OTHER_WHATSAPP: { status: 400, pt: 'Deve haver pelo menos uma conexão padrão.' },
  ERR_NO_DEF_WAPP_FOUND: { status: 404, pt: 'Nenhuma conexão padrão encontrada. Verifique a página de conexões.' },
  ERR_WAPP_NOT_INITIALIZED: { status: 409, pt: 'Esta sessão não foi inicializada. Verifique a página de conexões.' },
  ERR_SANDBOX_QR_EXPIRED: { status: 409, pt: 'Este QR code expirou. Leia o novo QR code.' },
  ERR_NO_WAPP_FOUND: { status: 404, pt: 'Nenhuma conexão encontrada com este ID.' },
  ERR_WAPP_CHECK_CONTACT: { status: 502, pt: 'Não foi possível verificar o contato no WhatsApp.' },
  ERR_WAPP_INVALID_CONTACT: { status: 400, pt: 'Este não é um número de WhatsApp válido.' },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 502, pt: 'Não foi possível baixar a mídia do WhatsApp.' },
  ERR_SENDING_WAPP_MSG: { status: 502, pt: 'Erro ao enviar mensagem do WhatsApp.' },
  ERR_DELETE_WAPP_MSG: { status: 502, pt: 'Não foi possível excluir a mensagem do WhatsApp.' },
  ERR_FETCH_WAPP_MSG: { status: 502, pt: 'Erro ao buscar a mensagem no WhatsApp, talvez ela seja muito antiga.' },
  // auth and session
  ERR_INVALID_CREDENTIALS: { status: 401, pt: 'Erro de autenticação. Por favor, tente novamente.' },
  ERR_SESSION_EXPIRED: { status: 403, pt: 'Sessão expirada. Por favor entre.' },
  ERR_SESSION_ENDED: { status: 401, pt: 'Sua sessão foi encerrada. Entre novamente.' },
  ERR_UNAUTHENTICATED: { status: 401, pt: 'Autenticação necessária.' },
  ERR_NO_PERMISSION: { status: 403, pt: 'Você não tem permissão para acessar este recurso.' },
  ERR_PLAN_FEATURE_DISABLED: { status: 403, pt: 'Este recurso não está disponível no seu plano.' },
  ERR_USER_CREATION_DISABLED: { status: 403, pt: 'A criação de usuários foi desabilitada pelo administrador.' },
  ERR_NO_USER_FOUND: { status: 404, pt: 'Nenhum usuário encontrado com este ID.' },
  ERR_NO_SETTING_FOUND: { status: 404, pt: 'Nenhuma configuração encontrada com este ID.' },
  ERR_TOO_MANY_ATTEMPTS: { status: 429, pt: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' },
  ERR_REFRESH_TOKEN_INVALID: { status: 401, pt: 'Sessão inválida. Por favor entre novamente.' },
  ERR_INVALID_2FA_CODE: { status: 400, pt: 'Código de verificação inválido.' },
  ERR_2FA_CHALLENGE_EXPIRED: { status: 401, pt: 'A verificação expirou. Entre novamente.' },
  ERR_2FA_NOT_ENROLLING: { status: 409, pt: 'Comece a configuração da verificação em duas etapas novamente.' },
  ERR_2FA_ALREADY_ENABLED: { status: 409, pt: 'A verificação em duas etapas já está ativa.' },
  ERR_2FA_NOT_ENABLED: { status: 409, pt: 'A verificação em duas etapas não está ativa.' },
  ERR_2FA_REQUIRED: { status: 403, pt: 'A empresa exige a verificação em duas etapas.' },
  ERR_INVALID_RESET_CODE: { status: 400, pt: 'Código de verificação inválido.' },
  // tickets and messages
  ERR_OTHER_OPEN_TICKET: { status: 409, pt: 'Já existe um tíquete aberto para este contato.' },
  ERR_NO_TICKET_FOUND: { status: 404, pt: 'Nenhum tíquete encontrado com este ID.' },
  ERR_CREATING_TICKET: { status: 500, pt: 'Erro ao criar tíquete no banco de dados.' },
  ERR_CREATING_MESSAGE: { status: 500, pt: 'Erro ao criar mensagem no banco de dados.' },
  ERR_TICKET_NO_WHATSAPP: { status: 400, pt: 'O tíquete não possui uma conexão.' },
  ERR_OUT_OF_HOURS: { status: 400, pt: 'Fora do horário de expediente!' },
  ERR_RATING_REQUIRED: { status: 400, pt: 'Avaliação obrigatória' },
  // contacts
  ERR_DUPLICATED_CONTACT: { status: 409, pt: 'Já existe um contato com este número.' },
  ERR_NO_CONTACT_FOUND: { status: 404, pt: 'Nenhum contato encontrado com este ID.' },
  ERR_DUPLICATED_CONTACT_NINTH: { status: 409, pt: 'Já existe um contato com este número (variação do nono dígito).' },
  ERR_NUMBER_IS_NOT_VERIFIED: { status: 400, pt: 'Número não verificado no WhatsApp.' },
  ERR_CANNOT_EDIT_GROUPS: { status: 400, pt: 'Não é possível editar grupos.' },
  // queues
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, pt: 'Esta cor já está em uso, escolha outra.' },
  ERR_QUEUE_INVALID_COLOR: { status: 400, pt: 'Cor inválida.' },
  ERR_WAPP_GREETING_REQUIRED: { status: 400, pt: 'A mensagem de saudação é obrigatória quando há mais de uma fila.' },
  // further codes
  ERR_DUPLICATED_EMAIL: { status: 409, pt: 'Este e-mail já está cadastrado.' },
  ERR_DIFFERENT_PASSWORDS: { status: 400, pt: 'As senhas não correspondem.' },
  ERR_RECOVERY_EXPIRED: { status: 400, pt: 'O código de recuperação expirou.' },
  ERR_NO_EMAIL_FOUND: { status: 404, pt: 'E-mail não encontrado.' },
  ERR_MAX_WHATS_REACHED: { status: 403, pt: 'Limite de conexões do plano atingido.' },
  ERR_MAX_WHATS_EXCEEDED: { status: 403, pt: 'Limite de conexões do plano excedido.' },
  ERR_MAX_USERS_REACHED: { status: 403, pt: 'Limite de usuários do plano atingido.' },
  ERR_MAX_QUEUES_REACHED: { status: 403, pt: 'Limite de filas do plano atingido.' },
  ERR_CANT_IMPORT_MSGS: { status: 400, pt: 'Não é possível importar as mensagens.' },
  ERR_NOT_WHATSAPPS_ONLINE: { status: 409, pt: 'Nenhuma conexão está online.' },
  ERR_ACCOUNT_DISABLED: { status: 403, pt: 'Esta conta está desativada.' },
  ERR_TAG_INVALID_NAME: { status: 400, pt: 'Nome da tag inválido.' },
  ERR_TAG_ALREADY_EXISTS: { status: 409, pt: 'Esta tag já existe.' },
  ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS: { status: 409, pt: 'Já existe uma resposta rápida com este atalho.' },
  ERR_SUBSCRIPTION_EXPIRED: { status: 402, pt: 'Sua assinatura venceu. Renove para continuar utilizando o sistema.' },
  ERR_PLAN_CHANGED_RECENTLY: { status: 409, pt: 'Não é permitido mais de uma troca de plano em 30 dias.' },
  ERR_CEP_NOT_FOUND: { status: 404, pt: 'CEP não encontrado.' },
  ERR_LAST_ADMIN: { status: 409, pt: 'A empresa precisa de pelo menos um administrador.' },
  ERR_CREATING_COMPANY: { status: 500, pt: 'Erro ao criar a empresa.' },
  ERR_INVALID_RECAPTCHA: { status: 400, pt: 'Verificação reCAPTCHA inválida.' },
  ERR_NO_PLAN_FOUND: { status: 404, pt: 'Nenhum plano encontrado com este ID.' },
  ERR_NO_COMPANY_FOUND: { status: 404, pt: 'Nenhuma empresa encontrada com este ID.' },
  // companies and plans (issue 20)
  ERR_PLAN_IN_USE: { status: 409, pt: 'Este plano está em uso por uma ou mais empresas e não pode ser excluído.' },
  ERR_PLATFORM_COMPANY: { status: 409, pt: 'A empresa da plataforma não pode ser excluída nem desativada.' },
  ERR_INVALID_DOCUMENT: { status: 400, pt: 'CPF ou CNPJ inválido.' },
  ERR_COMPANY_BEING_DELETED: { status: 409, pt: 'Esta empresa está sendo excluída.' },
  ERR_FLOW_BUILDER_TOP_TIER: { status: 400, pt: 'O construtor de fluxos só está disponível no plano ultimate.' },
  // the HTTP layer
  ERR_VALIDATION: { status: 400, pt: 'Dados inválidos.' },
  ERR_BAD_JSON: { status: 400, pt: 'O corpo da requisição não é um JSON válido.' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, pt: 'O corpo da requisição é grande demais.' },
  ERR_NOT_FOUND: { status: 404, pt: 'Rota não encontrada.' },
  ERR_METHOD_NOT_ALLOWED: { status: 405, pt: 'Método não permitido.' },
  ERR_CONFLICT: { status: 409, pt: 'O registro foi alterado por outra operação. Tente novamente.' },
  ERR_INTERNAL: { status: 500, pt: 'Ocorreu um erro interno.' },
  ERR_SERVICE_UNAVAILABLE: { status: 503, pt: 'O serviço está indisponível no momento. Tente novamente em alguns segundos.' },
  // tickets (issue 4)
  ERR_TICKET_ALREADY_ACCEPTED: { status: 409, pt: 'Este tíquete já foi aceito por outro atendente.' },
  ERR_NO_CONTACT_LIST_FOUND: { status: 404, pt: 'Nenhuma lista de contatos encontrada com este ID.' },
  ERR_NO_CONTACT_LIST_ITEM_FOUND: { status: 404, pt: 'Nenhum contato da lista encontrado com este ID.' },
  ERR_CONTACT_LIST_ITEM_DUPLICATED: { status: 409, pt: 'Este número já está nesta lista.' },
  ERR_NO_CAMPAIGN_FOUND: { status: 404, pt: 'Nenhuma campanha encontrada com este ID.' },
  ERR_CAMPAIGN_NOT_EDITABLE: { status: 409, pt: 'Esta campanha não pode mais ser alterada.' },
  ERR_CAMPAIGN_STATUS: { status: 409, pt: 'A campanha não está em um estado que permita esta ação.' },
  ERR_CAMPAIGN_NO_MESSAGE: { status: 400, pt: 'Escreva ao menos uma mensagem (ou escolha um template).' },
  ERR_CAMPAIGN_NO_CONFIRMATION: { status: 400, pt: 'Uma campanha com confirmação precisa de ao menos uma mensagem de confirmação.' },
  ERR_CAMPAIGN_TEMPLATE_REQUIRED: { status: 400, pt: 'Na API oficial do WhatsApp, campanhas só podem enviar um template aprovado. Escolha um template.' },
  ERR_CAMPAIGN_TEMPLATE_UNKNOWN: { status: 400, pt: 'Este template não está aprovado nesta conexão.' },
  ERR_CAMPAIGN_TEMPLATE_PARAMS: { status: 400, pt: 'Preencha cada parâmetro do template, nem mais nem menos do que ele pede.' },
  ERR_CAMPAIGN_TEMPLATES_UNAVAILABLE: { status: 502, pt: 'Não foi possível listar os templates desta conexão. Confira o ID da conta do WhatsApp Business (WABA) e o token na página de conexões.' },
  ERR_CAMPAIGN_NEEDS_TARGET: { status: 400, pt: 'Escolha a lista de contatos e a conexão antes de programar a campanha.' },
  ERR_CAMPAIGN_CHANNEL: { status: 400, pt: 'Campanhas só podem ser enviadas por conexões do WhatsApp.' },
  ERR_NO_FLOW_FOUND: { status: 404, pt: 'Nenhum fluxo encontrado com este ID.' },
  ERR_FLOW_INVALID: { status: 400, pt: 'O fluxo é inválido. Veja o que está errado em cada item.' },
  ERR_FLOW_FILE_NOT_JSON: { status: 400, pt: 'O arquivo não é um fluxo em JSON.' },
  ERR_FLOW_TOO_LARGE: { status: 413, pt: 'O fluxo é grande demais para ser salvo.' },
  ERR_FLOW_VERSION_CONFLICT: { status: 409, pt: 'O fluxo foi salvo em outra janela. Recarregue antes de salvar.' },
  ERR_FLOW_FILE_TOO_LARGE: { status: 400, pt: 'Arquivo é muito grande para este nó.' },
  ERR_FLOW_FILE_TYPE: { status: 400, pt: 'Tipo de arquivo não permitido neste nó.' },
  ERR_FLOW_FILE_NOT_FOUND: { status: 404, pt: 'Arquivo do fluxo não encontrado.' },
  ERR_NO_FLOW_TRIGGER_FOUND: { status: 404, pt: 'Nenhum gatilho de fluxo encontrado com este ID.' },
  ERR_FLOW_HTTP_BLOCKED: { status: 400, pt: 'Este endereço não pode ser chamado por um fluxo (rede interna ou local).' },
  ERR_FLOW_HTTP_FAILED: { status: 502, pt: 'A requisição não respondeu a tempo ou respondeu demais (10 s, 1 MB).' },
  ERR_TICKET_NOT_IN_FLOW: { status: 409, pt: 'Este ticket não está em um fluxo.' },
  ERR_NO_TAG_FOUND: { status: 404, pt: 'Nenhuma tag encontrada com este ID.' },
  ERR_TOO_MANY_TAGS: { status: 400, pt: 'Um ticket pode ter no máximo 20 tags.' },
  ERR_TAG_KIND_IN_USE: { status: 409, pt: 'Esta tag está em tickets: ela não pode passar de tag para lane (ou de lane para tag).' },
  ERR_LANE_LEFT: { status: 409, pt: 'O ticket saiu da lane desta campanha: o envio foi cancelado.' },
  ERR_NO_LANE_FOUND: { status: 404, pt: 'Nenhuma lane encontrada com este ID.' },
  ERR_TICKET_CLOSED_KANBAN: { status: 409, pt: 'Tickets resolvidos não ficam no kanban.' },
  ERR_GROUP_CREATE_UNSUPPORTED: { status: 422, pt: 'Esta conexão ainda não consegue criar grupos.' },
  ERR_GROUP_CREATE_FAILED: { status: 502, pt: 'Não foi possível criar o grupo nesta conexão.' },
  ERR_NO_GROUP_REQUEST_FOUND: { status: 404, pt: 'Nenhuma criação de grupo encontrada com este ID.' },
  ERR_IMPORT_CHATS_FAILED: { status: 502, pt: 'Não foi possível ler as conversas desta conexão.' },
  // messages, media and quick replies (appended)
  ERR_UPLOAD_TYPE_NOT_ALLOWED: { status: 400, pt: 'Tipo de arquivo não permitido.' },
  ERR_MEDIA_TOO_LARGE: { status: 413, pt: 'O arquivo ultrapassa o limite de 20 MB.' },
  ERR_UPLOAD_TYPE_MISMATCH: { status: 400, pt: 'O conteúdo do arquivo não corresponde ao tipo informado.' },
  ERR_NO_MEDIA_FOUND: { status: 400, pt: 'Arquivo não encontrado. Envie o arquivo novamente.' },
  ERR_NO_MESSAGE_FOUND: { status: 404, pt: 'Nenhuma mensagem encontrada com este ID.' },
  ERR_CHANNEL_CANNOT_EDIT: { status: 409, pt: 'Este canal não permite editar mensagens já enviadas.' },
  ERR_MESSAGE_NOT_REACTABLE: { status: 409, pt: 'Não é possível reagir a esta mensagem neste canal.' },
  ERR_MESSAGE_NOT_EDITABLE: { status: 409, pt: 'Esta mensagem não pode mais ser alterada.' },
  ERR_TRANSCRIPTION_FAILED: { status: 502, pt: 'Não foi possível transcrever o áudio.' },
  ERR_NO_QUICK_MESSAGE_FOUND: { status: 404, pt: 'Nenhuma resposta rápida encontrada com este ID.' },
  // contacts: delete, import, notes
  ERR_CONTACT_HAS_OPEN_TICKETS: { status: 409, pt: 'Este contato tem um atendimento aberto ou pendente. Feche-o antes de excluir o contato.' },
  ERR_IMPORT_FILE_FORMAT: { status: 400, pt: 'Formato de arquivo não suportado. Envie uma planilha .xlsx ou um arquivo .csv.' },
  ERR_IMPORT_FILE_NOT_FOUND: { status: 404, pt: 'Arquivo de importação não encontrado.' },
  ERR_IMPORT_TOO_MANY_ROWS: { status: 400, pt: 'A planilha passa de 50.000 linhas. Divida o arquivo e importe as partes.' },
  ERR_IMPORT_TOO_LARGE: { status: 413, pt: 'O arquivo é grande demais para importar (no máximo 64 MB descompactado). Divida o arquivo e importe as partes.' },
  ERR_IMPORT_NO_NUMBER_COLUMN: { status: 400, pt: 'A planilha precisa de uma coluna de número (number, numero ou telefone).' },
  ERR_NO_IMPORT_FOUND: { status: 404, pt: 'Nenhuma importação encontrada com este ID.' },
  ERR_NO_NOTE_FOUND: { status: 404, pt: 'Nenhuma observação encontrada com este ID.' },
  // ratings
  ERR_NO_SCHEDULE_FOUND: { status: 404, pt: 'Nenhum agendamento encontrado com este ID.' },
  ERR_NO_RATING_FOUND: { status: 404, pt: 'Nenhuma avaliação encontrada com este ID.' },
  ERR_TICKET_ALREADY_CLOSED: { status: 409, pt: 'Este tíquete já foi resolvido.' },
  // queues and chatbot options
  ERR_NO_QUEUE_FOUND: { status: 404, pt: 'Nenhuma fila encontrada com este ID.' },
  ERR_NO_CHATBOT_FOUND: { status: 404, pt: 'Nenhuma opção de chatbot encontrada com este ID.' },
  // the Pix payment provider (Efí) and its .p12 certificate
  ERR_PAYMENT_PROVIDER: { status: 502, pt: 'O provedor de pagamento recusou ou não respondeu à operação. Tente novamente em instantes.' },
  ERR_PAYMENT_PROVIDER_AUTH: { status: 502, pt: 'O provedor de pagamento recusou as credenciais (Client ID / Client Secret) da plataforma.' },
  ERR_PAYMENT_CERTIFICATE_REFUSED: { status: 502, pt: 'O provedor de pagamento recusou o certificado .p12 instalado. Envie o certificado da mesma conta e ambiente.' },
  ERR_PAYMENT_CERTIFICATE_MISSING: { status: 409, pt: 'Nenhum certificado de pagamento instalado. Envie o certificado .p12 nas Configurações.' },
  ERR_PAYMENT_NOT_CONFIGURED: { status: 503, pt: 'O provedor de pagamento não está configurado (Client ID, Client Secret ou chave Pix).' },
  ERR_CERTIFICATE_INVALID: { status: 400, pt: 'O arquivo não é um certificado .p12 válido.' },
  ERR_CERTIFICATE_PASSWORD: { status: 400, pt: 'O certificado está protegido por senha. Envie o certificado .p12 sem senha, como a Efí o fornece.' },
  ERR_CERTIFICATE_EXPIRED: { status: 400, pt: 'O certificado está vencido. Gere um novo certificado na conta Efí.' },
  // billing: invoices, the Pix checkout, the payment webhook (spec 2 "Invoices list", "Checkout wizard")
  ERR_NO_INVOICE_FOUND: { status: 404, pt: 'Nenhuma fatura encontrada com este ID.' },
  ERR_INVOICE_ALREADY_PAID: { status: 409, pt: 'Esta fatura já foi paga.' },
  // Spec 1 §5's checkout minimum (its Turkish text verbatim); spec 2 §9: custom counters never below 3.
  ERR_CUSTOM_PLAN_MINIMUM: { status: 400, pt: 'São necessários pelo menos 3 usuários e 3 conexões de WhatsApp.' },
  ERR_NO_CHARGE_FOUND: { status: 404, pt: 'Nenhuma cobrança Pix encontrada com este txid.' },
  ERR_SANDBOX_PROVIDER_ONLY: { status: 409, pt: 'Simular pagamento só existe com o provedor de testes (sandbox).' },
  ERR_WEBHOOK_UNAUTHORIZED: { status: 401, pt: 'Webhook não autorizado.' },
  // branding, helps, announcements, backup (issue 20, content)
  ERR_BRANDING_NOT_PNG: { status: 400, pt: 'Use somente arquivos em formato PNG!' },
  ERR_BRANDING_WRONG_SIZE: { status: 400, pt: 'A imagem não tem o tamanho exigido para este destino.' },
  ERR_BRANDING_NOT_PDF: { status: 400, pt: 'Use somente arquivos em formato PDF!' },
  ERR_BRANDING_TOO_LARGE: { status: 413, pt: 'O arquivo é grande demais (logos até 2 MB, documentos até 10 MB).' },
  ERR_NO_HELP_FOUND: { status: 404, pt: 'Nenhuma ajuda encontrada com este ID.' },
  ERR_HELP_INVALID_VIDEO: { status: 400, pt: 'Informe o código do vídeo do YouTube (11 caracteres) ou o seu endereço.' },
  ERR_NO_ANNOUNCEMENT_FOUND: { status: 404, pt: 'Nenhum informativo encontrado com este ID.' },
  ERR_ANNOUNCEMENT_MEDIA_TYPE: { status: 400, pt: 'Anexe somente arquivos png, jpg, jpeg, mp4, avi ou mkv.' },
  ERR_NO_BACKUP_FOUND: { status: 404, pt: 'Nenhum backup encontrado com este ID.' },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, code);
}

/** The texts of a language, loaded once when first asked for (Portuguese is ERRORS itself). */
export function errorTexts(lang: Exclude<Lang, 'pt'>): Promise<Record<ErrorCode, string>> {
  switch (lang) {
    case 'en':
      return import('./error-texts/en').then((m) => m.EN);
    case 'es':
      return import('./error-texts/es').then((m) => m.ES);
    case 'tr':
      return import('./error-texts/tr').then((m) => m.TR);
  }
}

/** A code's text in a language. */
export async function errorText(code: ErrorCode, lang: Lang = 'pt'): Promise<string> {
  return lang === 'pt' ? ERRORS[code].pt : (await errorTexts(lang))[code];
}

/** The body of every error answer. `issues` only on ERR_VALIDATION. */
export type ErrorBody = {
  error: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
  /** What the caller needs to act on the error (ERR_OTHER_OPEN_TICKET: the ticket in the way). */
  details?: Record<string, unknown>;
};
