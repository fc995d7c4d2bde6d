import { useEffect, useState } from 'react';
import { Loader } from '@aws-amplify/ui-react';
import { toDataURL } from 'qrcode';

type Props = { text: string; label: string; size?: number };

/** A real QR image from a text (a session's QR, an otpauth:// URI) with the `qrcode` package, as a data URL. */
export function QrImage({ text, label, size = 264 }: Props) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let live = true;
    setSrc(undefined);
    toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(undefined),
    );
    return () => {
      live = false;
    };
  }, [text, size]);
  if (!src) {
    return (
      <div className="qr-box" style={{ width: size, height: size }}>
        <Loader size="large" />
      </div>
    );
  }
  return <img className="qr-image" src={src} width={size} height={size} alt={label} data-testid="qr-image" data-qr={text} />;
}
