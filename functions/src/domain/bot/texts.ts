/**
 * What the platform itself says to customers (pt, the product's language; the companies' own texts
 * come from their queues, options and connections). `{{…}}` are the message variables of
 * @conversa/shared/message-variables, filled in when sent.
 */
import { UPLOAD_LIMIT_BYTES } from '@conversa/shared/constants';

export const BOT_TEXTS = {
  /** The last line of a queue's first-level menu when the connection has several queues. */
  backToQueues: 'Voltar ao menu inicial',
  /** The last line of a nested option menu. */
  backToPrevious: 'Voltar ao menu anterior',
  /** `sendQueuePosition`: `{{n}}` is the customer's place among the queue's pending tickets. */
  queuePosition: '*Você está na posição {{n}} da fila.*',
  /** `acceptCallWhatsapp` disabled: the answer to an incoming voice or video call. */
  callRejected: '*Mensagem Automática*:\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp. Por favor, envie uma mensagem de texto. Obrigado!',
  /** The contact's `acceptAudioMessage` off and `acceptAudioMessageContact` disabled. */
  audioRejected: '*Mensagem Automática*:\nInfelizmente não conseguimos escutar nem enviar áudios por este canal de atendimento. Por favor, envie uma mensagem de *texto*.',
  /** `notifyClientFileLimit`: a file the customer sent was not received (too large, or it could not be downloaded). */
  fileLimit: `*Mensagem Automática*:\nNão conseguimos receber o seu arquivo. Enviamos e recebemos arquivos de até ${UPLOAD_LIMIT_BYTES / 1024 / 1024} MB.`,
  /** `sendGreetingAccepted`: when an agent accepts the ticket. */
  greetingAccepted: 'Olá *{{name}}*, meu nome é *{{agent}}* e agora vou prosseguir com seu atendimento!',
  /** `sendMsgTransfTicket`: the ticket moved to another queue. */
  transferredToQueue: '*Mensagem Automática*:\nVocê foi transferido para o departamento *{{queue}}*.\nAguarde, já vamos te atender!',
  /** `sendMsgTransfTicket`: the ticket moved to another agent. */
  transferredToAgent: '*Mensagem Automática*:\nVocê foi transferido para o atendente *{{agent}}*.\nAguarde, já vamos te atender!',
  /** `sendMsgTransfTicket`: both at once. */
  transferredToQueueAndAgent: '*Mensagem Automática*:\nVocê foi transferido para o departamento *{{queue}}* e será atendido por *{{agent}}*.\nAguarde, já vamos te atender!',
} as const;
