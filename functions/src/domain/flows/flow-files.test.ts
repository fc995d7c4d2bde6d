import { describe, expect, it } from 'vitest';
import { checkFlowFile, flowFileOf } from './flow-files';

/** The AppError a call throws: its code and details. */
const refusal = (code: string, details?: object) => expect.objectContaining({ code, details });

const bytes = (hex: string, pad = 32) => Buffer.concat([Buffer.from(hex, 'hex'), Buffer.alloc(pad)]);
const ascii = (s: string, pad = 32) => Buffer.concat([Buffer.from(s, 'latin1'), Buffer.alloc(pad)]);

describe('flow files by content', () => {
  it('knows the types of spec 3 §5 by their first bytes', () => {
    expect(flowFileOf(bytes('89504e470d0a1a0a'))?.ext).toBe('png');
    expect(flowFileOf(bytes('ffd8ffe0'))?.ext).toBe('jpg');
    expect(flowFileOf(ascii('RIFF\0\0\0\0WEBPVP8 '))?.ext).toBe('webp');
    expect(flowFileOf(ascii('OggS'))).toMatchObject({ kind: 'audio', ext: 'ogg' });
    expect(flowFileOf(ascii('ID3\x04'))).toMatchObject({ kind: 'audio', ext: 'mp3' });
    expect(flowFileOf(bytes('fffb9064'))).toMatchObject({ kind: 'audio', ext: 'mp3' });
    expect(flowFileOf(ascii('\0\0\0\x18ftypmp42'))).toMatchObject({ kind: 'video', ext: 'mp4' });
    expect(flowFileOf(ascii('%PDF-1.4'))).toMatchObject({ kind: 'document', ext: 'pdf' });
  });

  it('refuses look-alikes: HEIC, M4A, QuickTime, AAC, GIF, programs, text', () => {
    for (const head of [ascii('\0\0\0\x18ftypheic'), ascii('\0\0\0\x18ftypM4A '), ascii('\0\0\0\x14ftypqt  '), bytes('fff15080'), ascii('GIF89a'), ascii('MZ\x90\0'), ascii('hello.png')]) {
      expect(flowFileOf(head), head.subarray(0, 12).toString('latin1')).toBeNull();
    }
  });

  it('holds each path to its kinds and sizes', () => {
    const png = bytes('89504e470d0a1a0a');
    const mp4 = ascii('\0\0\0\x18ftypisom');
    expect(checkFlowFile('img', { size: 2 * 1024 * 1024, head: png }).kind).toBe('img');
    expect(() => checkFlowFile('img', { size: 2 * 1024 * 1024 + 1, head: png })).toThrow(refusal('ERR_FLOW_FILE_TOO_LARGE', { maxMb: 2 }));
    expect(() => checkFlowFile('documents', { size: 10, head: png })).toThrow(refusal('ERR_FLOW_FILE_TYPE'));
    expect(checkFlowFile('audio', { size: 10, head: mp4 }).kind).toBe('video');
    expect(() => checkFlowFile('audio', { size: 5 * 1024 * 1024 + 1, head: ascii('OggS') })).toThrow(refusal('ERR_FLOW_FILE_TOO_LARGE', { maxMb: 5 }));
    expect(() => checkFlowFile('audio', { size: 20 * 1024 * 1024 + 1, head: mp4 })).toThrow(refusal('ERR_FLOW_FILE_TOO_LARGE', { maxMb: 20 }));
    expect(checkFlowFile('content', { size: 20 * 1024 * 1024, head: ascii('%PDF-') }).ext).toBe('pdf');
    expect(() => checkFlowFile('img', { size: 10, head: ascii('%PDF-') })).toThrow(refusal('ERR_FLOW_FILE_TYPE'));
  });
});
