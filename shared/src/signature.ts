/**
 * The agent's signature on a message (spec 1 §2, `sendSignMessage`): the user name in bold, a
 * colon and a line break, then the text.
 */
const prefix = (name: string) => `*${name}*:\n`;

export const signed = (name: string, body: string): string => prefix(name) + body;

/** Whether the text starts with this user's signature. */
export const isSignedBy = (name: string, body: string): boolean => body.startsWith(prefix(name));

/** The text without the signature `signed` put in front of it. */
export const unsigned = (name: string, body: string): string => (isSignedBy(name, body) ? body.slice(prefix(name).length) : body);
