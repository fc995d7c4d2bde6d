import { useCallback, useEffect, useRef, useState } from 'react';
import { pickAudioMime } from '../lib/recording';

export type Recording = { blob: Blob; mime: string };

/** The microphone through MediaRecorder: start, then stop (the recording) or cancel (nothing). */
export function useAudioRecorder() {
  const [recording, setRecording] = useState(false);
  const rec = useRef<{ recorder: MediaRecorder; stream: MediaStream; chunks: Blob[]; mime: string } | null>(null);

  const release = () => {
    rec.current?.stream.getTracks().forEach((t) => t.stop());
    rec.current = null;
    setRecording(false);
  };

  const start = useCallback(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const mime = pickAudioMime((m) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(m)) ?? '';
    const recorder = new MediaRecorder(stream, mime ? { mimeType: mime } : undefined);
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    rec.current = { recorder, stream, chunks, mime: mime || recorder.mimeType };
    recorder.start(1000);
    setRecording(true);
  }, []);

  const stop = useCallback(
    () =>
      new Promise<Recording | null>((resolve) => {
        const r = rec.current;
        if (!r) return resolve(null);
        r.recorder.onstop = () => {
          const blob = new Blob(r.chunks, { type: r.mime });
          release();
          resolve({ blob, mime: r.mime });
        };
        r.recorder.stop();
      }),
    [],
  );

  const cancel = useCallback(() => {
    const r = rec.current;
    if (r && r.recorder.state !== 'inactive') {
      r.recorder.onstop = null;
      r.recorder.stop();
    }
    release();
  }, []);

  useEffect(() => cancel, [cancel]);
  return { recording, start, stop, cancel };
}
