import { describe, expect, it } from 'vitest';
import { isUploadTypeAllowed } from '@conversa/shared/schemas/messages';
import { mediaTypeOf } from './upload-media';

describe('upload types', () => {
  it('allows media, PDF, office, text, CSV and zip; refuses executables, HTML and SVG', () => {
    for (const t of ['image/png', 'IMAGE/JPEG', 'audio/ogg', 'video/mp4', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.ms-excel', 'text/csv', 'text/plain', 'application/zip']) expect(isUploadTypeAllowed(t), t).toBe(true);
    for (const t of ['image/svg+xml', 'text/html', 'application/x-msdownload', 'application/javascript', 'application/octet-stream', 'imagepng']) expect(isUploadTypeAllowed(t), t).toBe(false);
  });

  it('maps a file type to the message media type', () => {
    expect(['image/webp', 'audio/mpeg', 'video/quicktime', 'application/pdf', 'text/csv'].map(mediaTypeOf)).toEqual(['image', 'audio', 'video', 'application', 'application']);
  });
});
