/**
 * The error catalogue of spec 1 §8 and spec 2 §8, plus the platform's own codes.
 * Every code carries its HTTP status and its text in the four UI languages.
 */
export type Lang = 'pt' | 'en' | 'es' | 'tr';
export const LANGS: readonly Lang[] = ['pt', 'en', 'es', 'tr'];

type Entry = { status: number; pt: string; en: string; es: string; tr: string };

export const ERRORS = {
  // connections and channel
  ERR_NO_OTHER_WHATSAPP: { status: 400, pt: 'Deve haver pelo menos uma conexão padrão.', en: 'There must be at least one default connection.', es: 'Debe haber al menos una conexión predeterminada.', tr: 'En az bir varsayılan bağlantı olmalıdır.' },
  ERR_NO_DEF_WAPP_FOUND: { status: 404, pt: 'Nenhuma conexão padrão encontrada. Verifique a página de conexões.', en: 'No default connection found. Check the connections page.', es: 'No se encontró una conexión predeterminada. Revise la página de conexiones.', tr: 'Varsayılan bağlantı bulunamadı. Bağlantılar sayfasını kontrol edin.' },
  ERR_WAPP_NOT_INITIALIZED: { status: 409, pt: 'Esta sessão não foi inicializada. Verifique a página de conexões.', en: 'This session has not been initialised. Check the connections page.', es: 'Esta sesión no ha sido inicializada. Revise la página de conexiones.', tr: 'Bu oturum başlatılmadı. Bağlantılar sayfasını kontrol edin.' },
  ERR_SANDBOX_QR_EXPIRED: { status: 409, pt: 'Este QR code expirou. Leia o novo QR code.', en: 'This QR code has expired. Scan the new QR code.', es: 'Este código QR ha caducado. Escanee el nuevo código QR.', tr: 'Bu QR kodunun süresi doldu. Yeni QR kodunu okutun.' },
  ERR_NO_WAPP_FOUND: { status: 404, pt: 'Nenhuma conexão encontrada com este ID.', en: 'No connection found with this ID.', es: 'No se encontró ninguna conexión con este ID.', tr: 'Bu kimliğe sahip bağlantı bulunamadı.' },
  ERR_WAPP_CHECK_CONTACT: { status: 502, pt: 'Não foi possível verificar o contato no WhatsApp.', en: 'Could not check the contact on WhatsApp.', es: 'No se pudo verificar el contacto en WhatsApp.', tr: 'Kişi WhatsApp üzerinde doğrulanamadı.' },
  ERR_WAPP_INVALID_CONTACT: { status: 400, pt: 'Este não é um número de WhatsApp válido.', en: 'This is not a valid WhatsApp number.', es: 'Este no es un número de WhatsApp válido.', tr: 'Bu geçerli bir WhatsApp numarası değil.' },
  ERR_WAPP_DOWNLOAD_MEDIA: { status: 502, pt: 'Não foi possível baixar a mídia do WhatsApp.', en: 'Could not download the media from WhatsApp.', es: 'No se pudo descargar el archivo de WhatsApp.', tr: 'Medya WhatsApp üzerinden indirilemedi.' },
  ERR_SENDING_WAPP_MSG: { status: 502, pt: 'Erro ao enviar mensagem do WhatsApp.', en: 'Error sending the WhatsApp message.', es: 'Error al enviar el mensaje de WhatsApp.', tr: 'WhatsApp mesajı gönderilirken hata oluştu.' },
  ERR_DELETE_WAPP_MSG: { status: 502, pt: 'Não foi possível excluir a mensagem do WhatsApp.', en: 'Could not delete the WhatsApp message.', es: 'No se pudo eliminar el mensaje de WhatsApp.', tr: 'WhatsApp mesajı silinemedi.' },
  ERR_FETCH_WAPP_MSG: { status: 502, pt: 'Erro ao buscar a mensagem no WhatsApp, talvez ela seja muito antiga.', en: 'Error fetching the message on WhatsApp; it may be too old.', es: 'Error al buscar el mensaje en WhatsApp; puede ser demasiado antiguo.', tr: 'Mesaj WhatsApp üzerinden alınamadı; çok eski olabilir.' },
  // auth and session
  ERR_INVALID_CREDENTIALS: { status: 401, pt: 'Erro de autenticação. Por favor, tente novamente.', en: 'Authentication error. Please try again.', es: 'Error de autenticación. Por favor, inténtelo de nuevo.', tr: 'Kimlik doğrulama hatası. Lütfen tekrar deneyin.' },
  ERR_SESSION_EXPIRED: { status: 403, pt: 'Sessão expirada. Por favor entre.', en: 'Session expired. Please log in.', es: 'Sesión expirada. Por favor, inicie sesión.', tr: 'Oturum süresi doldu. Lütfen giriş yapın.' },
  ERR_SESSION_ENDED: { status: 401, pt: 'Sua sessão foi encerrada. Entre novamente.', en: 'Your session has ended. Please log in again.', es: 'Su sesión ha finalizado. Inicie sesión de nuevo.', tr: 'Oturumunuz sonlandırıldı. Lütfen tekrar giriş yapın.' },
  ERR_UNAUTHENTICATED: { status: 401, pt: 'Autenticação necessária.', en: 'Authentication required.', es: 'Autenticación requerida.', tr: 'Kimlik doğrulama gerekli.' },
  ERR_NO_PERMISSION: { status: 403, pt: 'Você não tem permissão para acessar este recurso.', en: 'You do not have permission to access this resource.', es: 'No tiene permiso para acceder a este recurso.', tr: 'Bu kaynağa erişim izniniz yok.' },
  ERR_PLAN_FEATURE_DISABLED: { status: 403, pt: 'Este recurso não está disponível no seu plano.', en: 'This feature is not available on your plan.', es: 'Esta función no está disponible en su plan.', tr: 'Bu özellik planınızda bulunmuyor.' },
  ERR_USER_CREATION_DISABLED: { status: 403, pt: 'A criação de usuários foi desabilitada pelo administrador.', en: 'User creation has been disabled by the administrator.', es: 'La creación de usuarios fue deshabilitada por el administrador.', tr: 'Kullanıcı oluşturma yönetici tarafından devre dışı bırakıldı.' },
  ERR_NO_USER_FOUND: { status: 404, pt: 'Nenhum usuário encontrado com este ID.', en: 'No user found with this ID.', es: 'No se encontró ningún usuario con este ID.', tr: 'Bu kimliğe sahip kullanıcı bulunamadı.' },
  ERR_NO_SETTING_FOUND: { status: 404, pt: 'Nenhuma configuração encontrada com este ID.', en: 'No setting found with this ID.', es: 'No se encontró ninguna configuración con este ID.', tr: 'Bu kimliğe sahip ayar bulunamadı.' },
  ERR_TOO_MANY_ATTEMPTS: { status: 429, pt: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.', en: 'Too many attempts. Wait a few minutes and try again.', es: 'Demasiados intentos. Espere unos minutos e inténtelo de nuevo.', tr: 'Çok fazla deneme. Birkaç dakika bekleyip tekrar deneyin.' },
  ERR_REFRESH_TOKEN_INVALID: { status: 401, pt: 'Sessão inválida. Por favor entre novamente.', en: 'Invalid session. Please log in again.', es: 'Sesión inválida. Por favor, inicie sesión de nuevo.', tr: 'Geçersiz oturum. Lütfen tekrar giriş yapın.' },
  ERR_INVALID_2FA_CODE: { status: 400, pt: 'Código de verificação inválido.', en: 'Invalid verification code.', es: 'Código de verificación inválido.', tr: 'Geçersiz doğrulama kodu.' },
  ERR_2FA_CHALLENGE_EXPIRED: { status: 401, pt: 'A verificação expirou. Entre novamente.', en: 'The verification has expired. Please log in again.', es: 'La verificación ha caducado. Inicie sesión de nuevo.', tr: 'Doğrulamanın süresi doldu. Lütfen tekrar giriş yapın.' },
  ERR_2FA_NOT_ENROLLING: { status: 409, pt: 'Comece a configuração da verificação em duas etapas novamente.', en: 'Start the two-step verification setup again.', es: 'Vuelva a iniciar la configuración de la verificación en dos pasos.', tr: 'İki adımlı doğrulama kurulumunu yeniden başlatın.' },
  ERR_2FA_ALREADY_ENABLED: { status: 409, pt: 'A verificação em duas etapas já está ativa.', en: 'Two-step verification is already on.', es: 'La verificación en dos pasos ya está activa.', tr: 'İki adımlı doğrulama zaten açık.' },
  ERR_2FA_NOT_ENABLED: { status: 409, pt: 'A verificação em duas etapas não está ativa.', en: 'Two-step verification is not on.', es: 'La verificación en dos pasos no está activa.', tr: 'İki adımlı doğrulama açık değil.' },
  ERR_2FA_REQUIRED: { status: 403, pt: 'A empresa exige a verificação em duas etapas.', en: 'The company requires two-step verification.', es: 'La empresa exige la verificación en dos pasos.', tr: 'Şirket iki adımlı doğrulamayı zorunlu tutuyor.' },
  ERR_INVALID_RESET_CODE: { status: 400, pt: 'Código de verificação inválido.', en: 'Invalid verification code.', es: 'Código de verificación inválido.', tr: 'Geçersiz doğrulama kodu.' },
  // tickets and messages
  ERR_OTHER_OPEN_TICKET: { status: 409, pt: 'Já existe um tíquete aberto para este contato.', en: 'There is already an open ticket for this contact.', es: 'Ya existe un ticket abierto para este contacto.', tr: 'Bu kişi için zaten açık bir talep var.' },
  ERR_NO_TICKET_FOUND: { status: 404, pt: 'Nenhum tíquete encontrado com este ID.', en: 'No ticket found with this ID.', es: 'No se encontró ningún ticket con este ID.', tr: 'Bu kimliğe sahip talep bulunamadı.' },
  ERR_CREATING_TICKET: { status: 500, pt: 'Erro ao criar tíquete no banco de dados.', en: 'Error creating the ticket in the database.', es: 'Error al crear el ticket en la base de datos.', tr: 'Talep veritabanında oluşturulurken hata oluştu.' },
  ERR_CREATING_MESSAGE: { status: 500, pt: 'Erro ao criar mensagem no banco de dados.', en: 'Error creating the message in the database.', es: 'Error al crear el mensaje en la base de datos.', tr: 'Mesaj veritabanında oluşturulurken hata oluştu.' },
  ERR_TICKET_NO_WHATSAPP: { status: 400, pt: 'O tíquete não possui uma conexão.', en: 'The ticket has no connection.', es: 'El ticket no tiene una conexión.', tr: 'Talebin bir bağlantısı yok.' },
  ERR_OUT_OF_HOURS: { status: 400, pt: 'Fora do horário de expediente!', en: 'Out of working hours!', es: '¡Fuera del horario de atención!', tr: 'Çalışma saatleri dışında!' },
  ERR_RATING_REQUIRED: { status: 400, pt: 'Avaliação obrigatória', en: 'A rating is required', es: 'Calificación obligatoria', tr: 'Değerlendirme zorunlu' },
  // contacts
  ERR_DUPLICATED_CONTACT: { status: 409, pt: 'Já existe um contato com este número.', en: 'A contact with this number already exists.', es: 'Ya existe un contacto con este número.', tr: 'Bu numaraya sahip bir kişi zaten var.' },
  ERR_NO_CONTACT_FOUND: { status: 404, pt: 'Nenhum contato encontrado com este ID.', en: 'No contact found with this ID.', es: 'No se encontró ningún contacto con este ID.', tr: 'Bu kimliğe sahip kişi bulunamadı.' },
  ERR_DUPLICATED_CONTACT_NINTH: { status: 409, pt: 'Já existe um contato com este número (variação do nono dígito).', en: 'A contact with this number already exists (ninth-digit variant).', es: 'Ya existe un contacto con este número (variante del noveno dígito).', tr: 'Bu numaraya sahip bir kişi zaten var (dokuzuncu hane varyantı).' },
  ERR_NUMBER_IS_NOT_VERIFIED: { status: 400, pt: 'Número não verificado no WhatsApp.', en: 'Number not verified on WhatsApp.', es: 'Número no verificado en WhatsApp.', tr: 'Numara WhatsApp üzerinde doğrulanmadı.' },
  ERR_CANNOT_EDIT_GROUPS: { status: 400, pt: 'Não é possível editar grupos.', en: 'Groups cannot be edited.', es: 'No es posible editar grupos.', tr: 'Gruplar düzenlenemez.' },
  // queues
  ERR_QUEUE_COLOR_ALREADY_EXISTS: { status: 409, pt: 'Esta cor já está em uso, escolha outra.', en: 'This colour is already in use, choose another.', es: 'Este color ya está en uso, elija otro.', tr: 'Bu renk zaten kullanılıyor, başka birini seçin.' },
  ERR_QUEUE_INVALID_COLOR: { status: 400, pt: 'Cor inválida.', en: 'Invalid colour.', es: 'Color inválido.', tr: 'Geçersiz renk.' },
  ERR_WAPP_GREETING_REQUIRED: { status: 400, pt: 'A mensagem de saudação é obrigatória quando há mais de uma fila.', en: 'A greeting message is required when there is more than one queue.', es: 'El mensaje de saludo es obligatorio cuando hay más de una cola.', tr: 'Birden fazla kuyruk olduğunda karşılama mesajı zorunludur.' },
  // further codes
  ERR_DUPLICATED_EMAIL: { status: 409, pt: 'Este e-mail já está cadastrado.', en: 'This e-mail is already registered.', es: 'Este correo ya está registrado.', tr: 'Bu e-posta zaten kayıtlı.' },
  ERR_DIFFERENT_PASSWORDS: { status: 400, pt: 'As senhas não correspondem.', en: 'The passwords do not match.', es: 'Las contraseñas no coinciden.', tr: 'Şifreler eşleşmiyor.' },
  ERR_RECOVERY_EXPIRED: { status: 400, pt: 'O código de recuperação expirou.', en: 'The recovery code has expired.', es: 'El código de recuperación ha expirado.', tr: 'Kurtarma kodunun süresi doldu.' },
  ERR_NO_EMAIL_FOUND: { status: 404, pt: 'E-mail não encontrado.', en: 'E-mail not found.', es: 'Correo no encontrado.', tr: 'E-posta bulunamadı.' },
  ERR_MAX_WHATS_REACHED: { status: 403, pt: 'Limite de conexões do plano atingido.', en: 'The plan limit of connections has been reached.', es: 'Se alcanzó el límite de conexiones del plan.', tr: 'Planın bağlantı sınırına ulaşıldı.' },
  ERR_MAX_WHATS_EXCEEDED: { status: 403, pt: 'Limite de conexões do plano excedido.', en: 'The plan limit of connections has been exceeded.', es: 'Se excedió el límite de conexiones del plan.', tr: 'Planın bağlantı sınırı aşıldı.' },
  ERR_MAX_USERS_REACHED: { status: 403, pt: 'Limite de usuários do plano atingido.', en: 'The plan limit of users has been reached.', es: 'Se alcanzó el límite de usuarios del plan.', tr: 'Planın kullanıcı sınırına ulaşıldı.' },
  ERR_MAX_QUEUES_REACHED: { status: 403, pt: 'Limite de filas do plano atingido.', en: 'The plan limit of queues has been reached.', es: 'Se alcanzó el límite de colas del plan.', tr: 'Planın kuyruk sınırına ulaşıldı.' },
  ERR_CANT_IMPORT_MSGS: { status: 400, pt: 'Não é possível importar as mensagens.', en: 'The messages cannot be imported.', es: 'No es posible importar los mensajes.', tr: 'Mesajlar içe aktarılamıyor.' },
  ERR_NOT_WHATSAPPS_ONLINE: { status: 409, pt: 'Nenhuma conexão está online.', en: 'No connection is online.', es: 'Ninguna conexión está en línea.', tr: 'Çevrimiçi bağlantı yok.' },
  ERR_ACCOUNT_DISABLED: { status: 403, pt: 'Esta conta está desativada.', en: 'This account is disabled.', es: 'Esta cuenta está desactivada.', tr: 'Bu hesap devre dışı.' },
  ERR_TAG_INVALID_NAME: { status: 400, pt: 'Nome da tag inválido.', en: 'Invalid tag name.', es: 'Nombre de etiqueta inválido.', tr: 'Geçersiz etiket adı.' },
  ERR_TAG_ALREADY_EXISTS: { status: 409, pt: 'Esta tag já existe.', en: 'This tag already exists.', es: 'Esta etiqueta ya existe.', tr: 'Bu etiket zaten var.' },
  ERR_FASTRESP_SHORTCUT_ALREADY_EXISTS: { status: 409, pt: 'Já existe uma resposta rápida com este atalho.', en: 'A quick reply with this shortcut already exists.', es: 'Ya existe una respuesta rápida con este atajo.', tr: 'Bu kısayola sahip bir hızlı yanıt zaten var.' },
  ERR_SUBSCRIPTION_EXPIRED: { status: 402, pt: 'Sua assinatura venceu. Renove para continuar utilizando o sistema.', en: 'Your subscription has expired. Renew it to keep using the system.', es: 'Su suscripción venció. Renuévela para seguir usando el sistema.', tr: 'Aboneliğinizin süresi doldu. Sistemi kullanmaya devam etmek için yenileyin.' },
  ERR_PLAN_CHANGED_RECENTLY: { status: 409, pt: 'Não é permitido mais de uma troca de plano em 30 dias.', en: 'No more than one plan change is allowed in 30 days.', es: 'No se permite más de un cambio de plan en 30 días.', tr: '30 gün içinde birden fazla plan değişikliğine izin verilmez.' },
  ERR_CEP_NOT_FOUND: { status: 404, pt: 'CEP não encontrado.', en: 'Postal code not found.', es: 'Código postal no encontrado.', tr: 'Posta kodu bulunamadı.' },
  ERR_LAST_ADMIN: { status: 409, pt: 'A empresa precisa de pelo menos um administrador.', en: 'The company needs at least one administrator.', es: 'La empresa necesita al menos un administrador.', tr: 'Şirketin en az bir yöneticisi olmalıdır.' },
  ERR_CREATING_COMPANY: { status: 500, pt: 'Erro ao criar a empresa.', en: 'Error creating the company.', es: 'Error al crear la empresa.', tr: 'Şirket oluşturulurken hata oluştu.' },
  ERR_INVALID_RECAPTCHA: { status: 400, pt: 'Verificação reCAPTCHA inválida.', en: 'Invalid reCAPTCHA verification.', es: 'Verificación reCAPTCHA inválida.', tr: 'Geçersiz reCAPTCHA doğrulaması.' },
  ERR_NO_PLAN_FOUND: { status: 404, pt: 'Nenhum plano encontrado com este ID.', en: 'No plan found with this ID.', es: 'No se encontró ningún plan con este ID.', tr: 'Bu kimliğe sahip plan bulunamadı.' },
  ERR_NO_COMPANY_FOUND: { status: 404, pt: 'Nenhuma empresa encontrada com este ID.', en: 'No company found with this ID.', es: 'No se encontró ninguna empresa con este ID.', tr: 'Bu kimliğe sahip şirket bulunamadı.' },
  // companies and plans (issue 20)
  ERR_PLAN_IN_USE: { status: 409, pt: 'Este plano está em uso por uma ou mais empresas e não pode ser excluído.', en: 'This plan is used by one or more companies and cannot be deleted.', es: 'Este plan está en uso por una o más empresas y no se puede eliminar.', tr: 'Bu plan bir veya daha fazla şirket tarafından kullanılıyor ve silinemez.' },
  ERR_PLATFORM_COMPANY: { status: 409, pt: 'A empresa da plataforma não pode ser excluída nem desativada.', en: 'The platform company cannot be deleted or deactivated.', es: 'La empresa de la plataforma no se puede eliminar ni desactivar.', tr: 'Platform şirketi silinemez veya devre dışı bırakılamaz.' },
  ERR_INVALID_DOCUMENT: { status: 400, pt: 'CPF ou CNPJ inválido.', en: 'Invalid CPF or CNPJ.', es: 'CPF o CNPJ inválido.', tr: 'Geçersiz CPF veya CNPJ.' },
  ERR_COMPANY_BEING_DELETED: { status: 409, pt: 'Esta empresa está sendo excluída.', en: 'This company is being deleted.', es: 'Esta empresa está siendo eliminada.', tr: 'Bu şirket siliniyor.' },
  ERR_FLOW_BUILDER_TOP_TIER: { status: 400, pt: 'O construtor de fluxos só está disponível no plano ultimate.', en: 'The flow builder is only available on the ultimate tier.', es: 'El constructor de flujos solo está disponible en el nivel ultimate.', tr: 'Akış oluşturucu yalnızca ultimate katmanında kullanılabilir.' },
  // the HTTP layer
  ERR_VALIDATION: { status: 400, pt: 'Dados inválidos.', en: 'Invalid data.', es: 'Datos inválidos.', tr: 'Geçersiz veri.' },
  ERR_BAD_JSON: { status: 400, pt: 'O corpo da requisição não é um JSON válido.', en: 'The request body is not valid JSON.', es: 'El cuerpo de la solicitud no es un JSON válido.', tr: 'İstek gövdesi geçerli bir JSON değil.' },
  ERR_PAYLOAD_TOO_LARGE: { status: 413, pt: 'O corpo da requisição é grande demais.', en: 'The request body is too large.', es: 'El cuerpo de la solicitud es demasiado grande.', tr: 'İstek gövdesi çok büyük.' },
  ERR_NOT_FOUND: { status: 404, pt: 'Rota não encontrada.', en: 'Route not found.', es: 'Ruta no encontrada.', tr: 'Yol bulunamadı.' },
  ERR_METHOD_NOT_ALLOWED: { status: 405, pt: 'Método não permitido.', en: 'Method not allowed.', es: 'Método no permitido.', tr: 'Yönteme izin verilmiyor.' },
  ERR_CONFLICT: { status: 409, pt: 'O registro foi alterado por outra operação. Tente novamente.', en: 'The record was changed by another operation. Try again.', es: 'El registro fue cambiado por otra operación. Inténtelo de nuevo.', tr: 'Kayıt başka bir işlem tarafından değiştirildi. Tekrar deneyin.' },
  ERR_INTERNAL: { status: 500, pt: 'Ocorreu um erro interno.', en: 'An internal error occurred.', es: 'Ocurrió un error interno.', tr: 'Dahili bir hata oluştu.' },
  ERR_SERVICE_UNAVAILABLE: { status: 503, pt: 'O serviço está indisponível no momento. Tente novamente em alguns segundos.', en: 'The service is unavailable right now. Try again in a few seconds.', es: 'El servicio no está disponible en este momento. Inténtelo de nuevo en unos segundos.', tr: 'Hizmet şu anda kullanılamıyor. Birkaç saniye sonra tekrar deneyin.' },
  // tickets (issue 4)
  ERR_TICKET_ALREADY_ACCEPTED: { status: 409, pt: 'Este tíquete já foi aceito por outro atendente.', en: 'This ticket was already accepted by another agent.', es: 'Este ticket ya fue aceptado por otro agente.', tr: 'Bu talep başka bir temsilci tarafından zaten kabul edildi.' },
  ERR_NO_CONTACT_LIST_FOUND: { status: 404, pt: 'Nenhuma lista de contatos encontrada com este ID.', en: 'No contact list found with this ID.', es: 'No se encontró ninguna lista de contactos con este ID.', tr: 'Bu kimliğe sahip kişi listesi bulunamadı.' },
  ERR_NO_CONTACT_LIST_ITEM_FOUND: { status: 404, pt: 'Nenhum contato da lista encontrado com este ID.', en: 'No contact list item found with this ID.', es: 'No se encontró ningún contacto de la lista con este ID.', tr: 'Bu kimliğe sahip liste kişisi bulunamadı.' },
  ERR_CONTACT_LIST_ITEM_DUPLICATED: { status: 409, pt: 'Este número já está nesta lista.', en: 'This number is already on this list.', es: 'Este número ya está en esta lista.', tr: 'Bu numara zaten bu listede.' },
  ERR_NO_TAG_FOUND: { status: 404, pt: 'Nenhuma tag encontrada com este ID.', en: 'No tag found with this ID.', es: 'No se encontró ninguna etiqueta con este ID.', tr: 'Bu kimliğe sahip etiket bulunamadı.' },
  ERR_TOO_MANY_TAGS: { status: 400, pt: 'Um ticket pode ter no máximo 20 tags.', en: 'A ticket can carry at most 20 tags.', es: 'Un ticket puede tener como máximo 20 etiquetas.', tr: 'Bir talep en fazla 20 etiket taşıyabilir.' },
  ERR_TAG_KIND_IN_USE: { status: 409, pt: 'Esta tag está em tickets: ela não pode passar de tag para lane (ou de lane para tag).', en: 'This tag is on tickets: it cannot change between tag and lane.', es: 'Esta etiqueta está en tickets: no puede cambiar entre etiqueta y carril.', tr: 'Bu etiket taleplerde kullanılıyor: etiket ile şerit arasında değiştirilemez.' },
  ERR_LANE_LEFT: { status: 409, pt: 'O ticket saiu da lane desta campanha: o envio foi cancelado.', en: "The ticket left this campaign's lane: the send was cancelled.", es: 'El ticket salió del carril de esta campaña: el envío se canceló.', tr: 'Talep bu kampanyanın şeridinden çıktı: gönderim iptal edildi.' },
  ERR_NO_LANE_FOUND: { status: 404, pt: 'Nenhuma lane encontrada com este ID.', en: 'No lane found with this ID.', es: 'No se encontró ningún carril con este ID.', tr: 'Bu kimliğe sahip şerit bulunamadı.' },
  ERR_TICKET_CLOSED_KANBAN: { status: 409, pt: 'Tickets resolvidos não ficam no kanban.', en: 'Resolved tickets are not on the kanban board.', es: 'Los tickets resueltos no están en el tablero kanban.', tr: 'Çözülmüş talepler kanban panosunda yer almaz.' },
  ERR_GROUP_CREATE_UNSUPPORTED: { status: 422, pt: 'Esta conexão ainda não consegue criar grupos.', en: 'This connection cannot create groups yet.', es: 'Esta conexión todavía no puede crear grupos.', tr: 'Bu bağlantı henüz grup oluşturamıyor.' },
  ERR_GROUP_CREATE_FAILED: { status: 502, pt: 'Não foi possível criar o grupo nesta conexão.', en: 'The group could not be created on this connection.', es: 'No fue posible crear el grupo en esta conexión.', tr: 'Grup bu bağlantıda oluşturulamadı.' },
  ERR_NO_GROUP_REQUEST_FOUND: { status: 404, pt: 'Nenhuma criação de grupo encontrada com este ID.', en: 'No group creation found with this ID.', es: 'No se encontró ninguna creación de grupo con este ID.', tr: 'Bu kimliğe sahip grup oluşturma isteği bulunamadı.' },
  ERR_IMPORT_CHATS_FAILED: { status: 502, pt: 'Não foi possível ler as conversas desta conexão.', en: 'The chats of this connection could not be read.', es: 'No fue posible leer las conversaciones de esta conexión.', tr: 'Bu bağlantının sohbetleri okunamadı.' },
  // messages, media and quick replies (appended)
  ERR_UPLOAD_TYPE_NOT_ALLOWED: { status: 400, pt: 'Tipo de arquivo não permitido.', en: 'This file type is not allowed.', es: 'Tipo de archivo no permitido.', tr: 'Bu dosya türüne izin verilmiyor.' },
  ERR_MEDIA_TOO_LARGE: { status: 413, pt: 'O arquivo ultrapassa o limite de 20 MB.', en: 'The file exceeds the 20 MB limit.', es: 'El archivo supera el límite de 20 MB.', tr: 'Dosya 20 MB sınırını aşıyor.' },
  ERR_UPLOAD_TYPE_MISMATCH: { status: 400, pt: 'O conteúdo do arquivo não corresponde ao tipo informado.', en: 'The file content does not match its declared type.', es: 'El contenido del archivo no corresponde al tipo informado.', tr: 'Dosya içeriği bildirilen türle eşleşmiyor.' },
  ERR_NO_MEDIA_FOUND: { status: 400, pt: 'Arquivo não encontrado. Envie o arquivo novamente.', en: 'File not found. Upload the file again.', es: 'Archivo no encontrado. Suba el archivo de nuevo.', tr: 'Dosya bulunamadı. Dosyayı yeniden yükleyin.' },
  ERR_NO_MESSAGE_FOUND: { status: 404, pt: 'Nenhuma mensagem encontrada com este ID.', en: 'No message found with this ID.', es: 'No se encontró ningún mensaje con este ID.', tr: 'Bu kimliğe sahip mesaj bulunamadı.' },
  ERR_CHANNEL_CANNOT_EDIT: { status: 409, pt: 'Este canal não permite editar mensagens já enviadas.', en: 'This channel does not allow editing messages already sent.', es: 'Este canal no permite editar mensajes ya enviados.', tr: 'Bu kanal gönderilmiş mesajların düzenlenmesine izin vermiyor.' },
  ERR_MESSAGE_NOT_REACTABLE: { status: 409, pt: 'Não é possível reagir a esta mensagem neste canal.', en: 'This message cannot be reacted to on this channel.', es: 'No es posible reaccionar a este mensaje en este canal.', tr: 'Bu kanalda bu mesaja tepki verilemez.' },
  ERR_MESSAGE_NOT_EDITABLE: { status: 409, pt: 'Esta mensagem não pode mais ser alterada.', en: 'This message can no longer be changed.', es: 'Este mensaje ya no se puede modificar.', tr: 'Bu mesaj artık değiştirilemez.' },
  ERR_TRANSCRIPTION_FAILED: { status: 502, pt: 'Não foi possível transcrever o áudio.', en: 'Could not transcribe the audio.', es: 'No se pudo transcribir el audio.', tr: 'Ses metne dönüştürülemedi.' },
  ERR_NO_QUICK_MESSAGE_FOUND: { status: 404, pt: 'Nenhuma resposta rápida encontrada com este ID.', en: 'No quick reply found with this ID.', es: 'No se encontró ninguna respuesta rápida con este ID.', tr: 'Bu kimliğe sahip hızlı yanıt bulunamadı.' },
  // contacts: delete, import, notes
  ERR_CONTACT_HAS_OPEN_TICKETS: { status: 409, pt: 'Este contato tem um atendimento aberto ou pendente. Feche-o antes de excluir o contato.', en: 'This contact has an open or pending ticket. Close it before deleting the contact.', es: 'Este contacto tiene un ticket abierto o pendiente. Ciérrelo antes de eliminar el contacto.', tr: 'Bu kişinin açık veya bekleyen bir talebi var. Kişiyi silmeden önce talebi kapatın.' },
  ERR_IMPORT_FILE_FORMAT: { status: 400, pt: 'Formato de arquivo não suportado. Envie uma planilha .xlsx ou um arquivo .csv.', en: 'Unsupported file format. Send an .xlsx spreadsheet or a .csv file.', es: 'Formato de archivo no soportado. Envíe una hoja .xlsx o un archivo .csv.', tr: 'Desteklenmeyen dosya biçimi. Bir .xlsx tablosu veya .csv dosyası gönderin.' },
  ERR_IMPORT_FILE_NOT_FOUND: { status: 404, pt: 'Arquivo de importação não encontrado.', en: 'Import file not found.', es: 'Archivo de importación no encontrado.', tr: 'İçe aktarma dosyası bulunamadı.' },
  ERR_IMPORT_TOO_MANY_ROWS: { status: 400, pt: 'A planilha passa de 50.000 linhas. Divida o arquivo e importe as partes.', en: 'The spreadsheet has more than 50,000 rows. Split the file and import the parts.', es: 'La hoja tiene más de 50.000 filas. Divida el archivo e importe las partes.', tr: 'Tabloda 50.000 satırdan fazla var. Dosyayı bölüp parçaları içe aktarın.' },
  ERR_IMPORT_TOO_LARGE: { status: 413, pt: 'O arquivo é grande demais para importar (no máximo 64 MB descompactado). Divida o arquivo e importe as partes.', en: 'The file is too large to import (at most 64 MB unpacked). Split the file and import the parts.', es: 'El archivo es demasiado grande para importar (máximo 64 MB descomprimido). Divida el archivo e importe las partes.', tr: 'Dosya içe aktarmak için çok büyük (açılmış hâli en fazla 64 MB). Dosyayı bölüp parçaları içe aktarın.' },
  ERR_IMPORT_NO_NUMBER_COLUMN: { status: 400, pt: 'A planilha precisa de uma coluna de número (number, numero ou telefone).', en: 'The spreadsheet needs a number column (number, numero or telefone).', es: 'La hoja necesita una columna de número (number, numero o telefone).', tr: 'Tablonun bir numara sütunu olmalı (number, numero veya telefone).' },
  ERR_NO_IMPORT_FOUND: { status: 404, pt: 'Nenhuma importação encontrada com este ID.', en: 'No import found with this ID.', es: 'No se encontró ninguna importación con este ID.', tr: 'Bu kimliğe sahip içe aktarma bulunamadı.' },
  ERR_NO_NOTE_FOUND: { status: 404, pt: 'Nenhuma observação encontrada com este ID.', en: 'No note found with this ID.', es: 'No se encontró ninguna nota con este ID.', tr: 'Bu kimliğe sahip not bulunamadı.' },
  // ratings
  ERR_NO_SCHEDULE_FOUND: { status: 404, pt: 'Nenhum agendamento encontrado com este ID.', en: 'No schedule found with this ID.', es: 'No se encontró ningún agendamiento con este ID.', tr: 'Bu kimliğe sahip zamanlanmış mesaj bulunamadı.' },
  ERR_NO_RATING_FOUND: { status: 404, pt: 'Nenhuma avaliação encontrada com este ID.', en: 'No rating found with this ID.', es: 'No se encontró ninguna evaluación con este ID.', tr: 'Bu kimliğe sahip değerlendirme bulunamadı.' },
  ERR_TICKET_ALREADY_CLOSED: { status: 409, pt: 'Este tíquete já foi resolvido.', en: 'This ticket has already been resolved.', es: 'Este ticket ya fue resuelto.', tr: 'Bu talep zaten çözüldü.' },
  // queues and chatbot options
  ERR_NO_QUEUE_FOUND: { status: 404, pt: 'Nenhuma fila encontrada com este ID.', en: 'No queue found with this ID.', es: 'No se encontró ninguna cola con este ID.', tr: 'Bu kimliğe sahip kuyruk bulunamadı.' },
  ERR_NO_CHATBOT_FOUND: { status: 404, pt: 'Nenhuma opção de chatbot encontrada com este ID.', en: 'No chatbot option found with this ID.', es: 'No se encontró ninguna opción de chatbot con este ID.', tr: 'Bu kimliğe sahip sohbet botu seçeneği bulunamadı.' },
  // the Pix payment provider (Efí) and its .p12 certificate
  ERR_PAYMENT_PROVIDER: { status: 502, pt: 'O provedor de pagamento recusou ou não respondeu à operação. Tente novamente em instantes.', en: 'The payment provider refused or did not answer the operation. Try again shortly.', es: 'El proveedor de pagos rechazó o no respondió la operación. Inténtelo de nuevo en unos instantes.', tr: 'Ödeme sağlayıcısı işlemi reddetti ya da yanıt vermedi. Biraz sonra tekrar deneyin.' },
  ERR_PAYMENT_PROVIDER_AUTH: { status: 502, pt: 'O provedor de pagamento recusou as credenciais (Client ID / Client Secret) da plataforma.', en: 'The payment provider refused the platform credentials (client id / client secret).', es: 'El proveedor de pagos rechazó las credenciales (Client ID / Client Secret) de la plataforma.', tr: 'Ödeme sağlayıcısı platformun kimlik bilgilerini (client id / client secret) reddetti.' },
  ERR_PAYMENT_CERTIFICATE_REFUSED: { status: 502, pt: 'O provedor de pagamento recusou o certificado .p12 instalado. Envie o certificado da mesma conta e ambiente.', en: 'The payment provider refused the installed .p12 certificate. Upload the certificate of the same account and environment.', es: 'El proveedor de pagos rechazó el certificado .p12 instalado. Envíe el certificado de la misma cuenta y ambiente.', tr: 'Ödeme sağlayıcısı yüklü .p12 sertifikasını reddetti. Aynı hesap ve ortama ait sertifikayı yükleyin.' },
  ERR_PAYMENT_CERTIFICATE_MISSING: { status: 409, pt: 'Nenhum certificado de pagamento instalado. Envie o certificado .p12 nas Configurações.', en: 'No payment certificate is installed. Upload the .p12 certificate in Settings.', es: 'No hay ningún certificado de pago instalado. Envíe el certificado .p12 en Configuración.', tr: 'Yüklü ödeme sertifikası yok. .p12 sertifikasını Ayarlar bölümünden yükleyin.' },
  ERR_PAYMENT_NOT_CONFIGURED: { status: 503, pt: 'O provedor de pagamento não está configurado (Client ID, Client Secret ou chave Pix).', en: 'The payment provider is not configured (client id, client secret or Pix key).', es: 'El proveedor de pagos no está configurado (Client ID, Client Secret o clave Pix).', tr: 'Ödeme sağlayıcısı yapılandırılmamış (client id, client secret veya Pix anahtarı).' },
  ERR_CERTIFICATE_INVALID: { status: 400, pt: 'O arquivo não é um certificado .p12 válido.', en: 'The file is not a valid .p12 certificate.', es: 'El archivo no es un certificado .p12 válido.', tr: 'Dosya geçerli bir .p12 sertifikası değil.' },
  ERR_CERTIFICATE_PASSWORD: { status: 400, pt: 'O certificado está protegido por senha. Envie o certificado .p12 sem senha, como a Efí o fornece.', en: 'The certificate is password protected. Upload the .p12 certificate without a password, as Efí provides it.', es: 'El certificado está protegido con contraseña. Envíe el certificado .p12 sin contraseña, como lo entrega Efí.', tr: 'Sertifika parola korumalı. .p12 sertifikasını Efí\'nin verdiği gibi parolasız yükleyin.' },
  ERR_CERTIFICATE_EXPIRED: { status: 400, pt: 'O certificado está vencido. Gere um novo certificado na conta Efí.', en: 'The certificate has expired. Create a new certificate in the Efí account.', es: 'El certificado está vencido. Genere un nuevo certificado en la cuenta Efí.', tr: 'Sertifikanın süresi dolmuş. Efí hesabında yeni bir sertifika oluşturun.' },
  // billing: invoices, the Pix checkout, the payment webhook (spec 2 "Invoices list", "Checkout wizard")
  ERR_NO_INVOICE_FOUND: { status: 404, pt: 'Nenhuma fatura encontrada com este ID.', en: 'No invoice found with this ID.', es: 'No se encontró ninguna factura con este ID.', tr: 'Bu kimliğe sahip fatura bulunamadı.' },
  ERR_INVOICE_ALREADY_PAID: { status: 409, pt: 'Esta fatura já foi paga.', en: 'This invoice has already been paid.', es: 'Esta factura ya fue pagada.', tr: 'Bu fatura zaten ödendi.' },
  // Spec 1 §5's checkout minimum (its Turkish text verbatim); spec 2 §9: custom counters never below 3.
  ERR_CUSTOM_PLAN_MINIMUM: { status: 400, pt: 'São necessários pelo menos 3 usuários e 3 conexões de WhatsApp.', en: 'At least 3 users and 3 WhatsApp connections are required.', es: 'Se necesitan al menos 3 usuarios y 3 conexiones de WhatsApp.', tr: 'En az 3 kullanıcı ve 3 WhatsApp bağlantısı gerekli' },
  ERR_NO_CHARGE_FOUND: { status: 404, pt: 'Nenhuma cobrança Pix encontrada com este txid.', en: 'No Pix charge found with this txid.', es: 'No se encontró ningún cobro Pix con este txid.', tr: 'Bu txid ile Pix ödeme talebi bulunamadı.' },
  ERR_SANDBOX_PROVIDER_ONLY: { status: 409, pt: 'Simular pagamento só existe com o provedor de testes (sandbox).', en: 'Simulating a payment only exists with the sandbox provider.', es: 'Simular el pago solo existe con el proveedor de pruebas (sandbox).', tr: 'Ödeme simülasyonu yalnızca test (sandbox) sağlayıcısında vardır.' },
  ERR_WEBHOOK_UNAUTHORIZED: { status: 401, pt: 'Webhook não autorizado.', en: 'Webhook not authorised.', es: 'Webhook no autorizado.', tr: 'Webhook yetkisiz.' },
  // branding, helps, announcements, backup (issue 20, content)
  ERR_BRANDING_NOT_PNG: { status: 400, pt: 'Use somente arquivos em formato PNG!', en: 'Use PNG files only!', es: '¡Use solo archivos en formato PNG!', tr: 'Yalnızca PNG biçiminde dosyalar kullanın!' },
  ERR_BRANDING_WRONG_SIZE: { status: 400, pt: 'A imagem não tem o tamanho exigido para este destino.', en: 'The image does not have the size this destination requires.', es: 'La imagen no tiene el tamaño exigido para este destino.', tr: 'Görsel bu hedefin gerektirdiği boyutta değil.' },
  ERR_BRANDING_NOT_PDF: { status: 400, pt: 'Use somente arquivos em formato PDF!', en: 'Use PDF files only!', es: '¡Use solo archivos en formato PDF!', tr: 'Yalnızca PDF biçiminde dosyalar kullanın!' },
  ERR_BRANDING_TOO_LARGE: { status: 413, pt: 'O arquivo é grande demais (logos até 2 MB, documentos até 10 MB).', en: 'The file is too large (logos up to 2 MB, documents up to 10 MB).', es: 'El archivo es demasiado grande (logos hasta 2 MB, documentos hasta 10 MB).', tr: 'Dosya çok büyük (logolar en fazla 2 MB, belgeler en fazla 10 MB).' },
  ERR_NO_HELP_FOUND: { status: 404, pt: 'Nenhuma ajuda encontrada com este ID.', en: 'No help entry found with this ID.', es: 'No se encontró ninguna ayuda con este ID.', tr: 'Bu kimliğe sahip yardım kaydı bulunamadı.' },
  ERR_HELP_INVALID_VIDEO: { status: 400, pt: 'Informe o código do vídeo do YouTube (11 caracteres) ou o seu endereço.', en: 'Enter the YouTube video code (11 characters) or its address.', es: 'Informe el código del video de YouTube (11 caracteres) o su dirección.', tr: 'YouTube video kodunu (11 karakter) veya adresini girin.' },
  ERR_NO_ANNOUNCEMENT_FOUND: { status: 404, pt: 'Nenhum informativo encontrado com este ID.', en: 'No announcement found with this ID.', es: 'No se encontró ningún anuncio con este ID.', tr: 'Bu kimliğe sahip duyuru bulunamadı.' },
  ERR_ANNOUNCEMENT_MEDIA_TYPE: { status: 400, pt: 'Anexe somente arquivos png, jpg, jpeg, mp4, avi ou mkv.', en: 'Attach png, jpg, jpeg, mp4, avi or mkv files only.', es: 'Adjunte solo archivos png, jpg, jpeg, mp4, avi o mkv.', tr: 'Yalnızca png, jpg, jpeg, mp4, avi veya mkv dosyaları ekleyin.' },
  ERR_NO_BACKUP_FOUND: { status: 404, pt: 'Nenhum backup encontrado com este ID.', en: 'No backup found with this ID.', es: 'No se encontró ninguna copia de seguridad con este ID.', tr: 'Bu kimliğe sahip yedek bulunamadı.' },
} as const satisfies Record<string, Entry>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, code);
}

export function errorText(code: ErrorCode, lang: Lang = 'pt'): string {
  return ERRORS[code][lang];
}

/** The body of every error answer. `issues` only on ERR_VALIDATION. */
export type ErrorBody = {
  error: ErrorCode;
  message: string;
  issues?: { path: string; message: string }[];
  /** What the caller needs to act on the error (ERR_OTHER_OPEN_TICKET: the ticket in the way). */
  details?: Record<string, unknown>;
};
