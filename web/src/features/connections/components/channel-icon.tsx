import { useTranslation } from 'react-i18next';
import { Cloud, FlaskConical, MessageCircle } from 'lucide-react';
import type { Channel } from '@conversa/shared/channels';

/** Drawn here: lucide has no brand icons. Simplified marks, 24×24, currentColor. */
function FacebookMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <circle cx="12" cy="12" r="10" />
      <path d="M15 8h-1.5A2.5 2.5 0 0 0 11 10.5V22M8.5 13.5h6" />
    </svg>
  );
}
function InstagramMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" fill="currentColor" />
    </svg>
  );
}

export function ChannelGlyph({ channel, size = 20 }: { channel: Channel; size?: number }) {
  switch (channel) {
    case 'whatsapp':
      return <MessageCircle size={size} aria-hidden />;
    case 'sandbox':
      return <FlaskConical size={size} aria-hidden />;
    case 'wppoficial':
      return <Cloud size={size} aria-hidden />;
    case 'facebook':
      return <FacebookMark size={size} />;
    case 'instagram':
      return <InstagramMark size={size} />;
  }
}

/** The channel column: an icon, its name for screen readers and as a tooltip. */
export function ChannelIcon({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const label = t(`connections.channels.${channel}`);
  return (
    <span className={`channel-icon channel-icon--${channel}`} title={label} role="img" aria-label={label}>
      <ChannelGlyph channel={channel} />
    </span>
  );
}
