import jsQR from 'jsqr';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Where the camera stands: asking for it, showing frames and reading them, or why it cannot (no camera
 * or no secure page, permission refused, another failure). `off` while the screen shows a result.
 */
export type CameraState = 'off' | 'starting' | 'scanning' | 'noCamera' | 'denied' | 'failed';

/** Frames read per second: enough to catch a code held up, light on a phone's battery. */
const readsPerSecond = 5;
/** Frames are read at most this wide: a QR held up fills far more than it needs. */
const readWidth = 640;

/** The camera's refusal as a state the screen explains. */
export function cameraRefusal(error: unknown): CameraState {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'noCamera';
  // NotReadableError (another app holds the camera), AbortError and the rest: worth trying again.
  return 'failed';
}

/**
 * The device camera (the rear one when there is one) in `video` while `active`, a frame drawn to a canvas
 * and decoded with jsqr a few times a second; the first code read stops the camera and goes to `onCode`.
 * Leaving the screen (unmount) or `active` turning false stops it too: its tracks end, the light goes off.
 */
export function useQrCamera(
  video: RefObject<HTMLVideoElement | null>,
  active: boolean,
  onCode: (text: string) => void,
) {
  const [state, setState] = useState<CameraState>('off');
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(onCode);
  latest.current = onCode;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (retry) asks for the camera again
  useEffect(() => {
    if (!active) {
      setState('off');
      return;
    }
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      setState('noCamera');
      return;
    }
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const stop = () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video.current) video.current.srcObject = null;
    };
    const read = () => {
      const element = video.current;
      if (stopped || !element || !context || element.readyState < 2 || !element.videoWidth) return;
      const scale = Math.min(1, readWidth / element.videoWidth);
      const width = Math.round(element.videoWidth * scale);
      const height = Math.round(element.videoHeight * scale);
      if (canvas.width !== width || canvas.height !== height) {
        canvas.width = width;
        canvas.height = height;
      }
      context.drawImage(element, 0, 0, width, height);
      const frame = context.getImageData(0, 0, width, height);
      const code = jsQR(frame.data, width, height, { inversionAttempts: 'attemptBoth' });
      if (code?.data) {
        stop();
        setState('off');
        latest.current(code.data);
      }
    };
    setState('starting');
    media
      .getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' } } })
      .then(async (granted) => {
        if (stopped) {
          for (const track of granted.getTracks()) track.stop();
          return;
        }
        stream = granted;
        const element = video.current;
        if (!element) return;
        element.srcObject = granted;
        await element.play().catch(() => undefined);
        if (stopped) return;
        setState('scanning');
        timer = setInterval(read, 1000 / readsPerSecond);
      })
      .catch((error: unknown) => {
        if (!stopped) setState(cameraRefusal(error));
      });
    return stop;
  }, [active, video, attempt]);

  /** Asks for the camera again (after a refusal the user has undone in the browser). */
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
