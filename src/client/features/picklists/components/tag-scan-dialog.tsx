// Scan to confirm: the camera looks for a tag's barcode while the picker aims; typing the tag works too
// (and is all there is when the camera is blocked or missing). A tag on this picklist closes the scanner
// and jumps to its item; any other tag is reported here and the scanner keeps looking.
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { CAMERA_MESSAGES, cameraProblemOf, createBarcodeReader, openCamera, type CameraProblem } from '../scanner/barcode-reader';
import { createSightingFilter } from '../scanner/sightings';

/** What the page made of a tag: found (the scanner closes) or not on this picklist (it stays open). */
export type TagOutcome = { found: true } | { found: false; message: string };

/** A code seen again within this time of its last sighting is the same case still in view, not a new scan. */
const REPEAT_MS = 2_500;
const FRAME_MS = 200;

export function TagScanDialog({ open, onClose, onTag }: { open: boolean; onClose: () => void; onTag: (raw: string) => TagOutcome }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<'starting' | 'scanning' | CameraProblem>('starting');
  const [typed, setTyped] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [isNewSighting] = useState(() => createSightingFilter(REPEAT_MS));

  const handleCode = useEffectEvent((code: string) => {
    if (!isNewSighting(code, Date.now())) return;
    const outcome = onTag(code);
    setMessage(outcome.found ? null : outcome.message);
  });

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    void (async () => {
      try {
        stream = await openCamera();
      } catch (error) {
        if (!stopped) setCamera(cameraProblemOf(error));
        return;
      }
      const video = videoRef.current;
      if (stopped || !video) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      setCamera('scanning');
      const reader = await createBarcodeReader().catch(() => null);
      if (!reader) {
        if (!stopped) setCamera('failed');
        return;
      }
      const tick = async () => {
        if (stopped) return;
        const code = await reader.read(video).catch(() => null);
        if (code && !stopped) handleCode(code);
        timer = window.setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!typed.trim()) return;
    const outcome = onTag(typed);
    setMessage(outcome.found ? null : outcome.message);
    if (outcome.found) setTyped('');
  }

  function handleClose() {
    setCamera('starting');
    setMessage(null);
    setTyped('');
    onClose();
  }

  const problem = camera !== 'starting' && camera !== 'scanning' ? camera : null;
  return (
    <Dialog open={open} onClose={handleClose} title="Scan a tag" description="Point the camera at the case's tag barcode, or type the tag number.">
      <div className="space-y-4">
        {problem ? (
          <p role="alert" className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <Icon name="alert" className="mt-0.5 size-5 shrink-0 text-amber-600" />
            {CAMERA_MESSAGES[problem]}
          </p>
        ) : (
          <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-900">
            <video ref={videoRef} muted playsInline className="size-full object-cover" aria-label="Camera view" />
            <div className="pointer-events-none absolute inset-x-8 top-1/2 h-24 -translate-y-1/2 rounded-lg border-2 border-white/80 shadow-[0_0_0_999px_rgba(15,23,42,0.35)]" aria-hidden="true" />
            <p className="absolute inset-x-0 bottom-2 text-center text-xs font-medium text-white/90" aria-live="polite">
              {camera === 'starting' ? 'Starting the camera…' : 'Looking for a barcode…'}
            </p>
          </div>
        )}
        {message && (
          <p role="alert" className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            <Icon name="warning" className="mt-0.5 size-5 shrink-0 text-red-600" />
            {message}
          </p>
        )}
        <form onSubmit={handleSubmit} className="flex items-end gap-2">
          <TextField
            label="Tag number"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="search"
            className="min-w-0 flex-1"
          />
          <Button type="submit" icon="search" disabled={!typed.trim()}>
            Find
          </Button>
        </form>
      </div>
    </Dialog>
  );
}
