import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Button, Space } from 'antd';
import { CameraOutlined, PictureOutlined, StopOutlined } from '@ant-design/icons';
import { cameraAvailable, cameraProblem, readQr } from './qr';
import styles from './checkin.module.css';

/** A frame is read this often while the camera is on. */
const FRAME_MS = 200;
/** The same code seen again within this time is the same scan, not a second one. */
const SAME_SCAN_MS = 3000;

/**
 * 扫码签到: the device camera (the back one on a phone) read frame by frame, or a photo of the
 * QR uploaded when the camera cannot be used (no permission, no camera, no https). Each code
 * read is handed to `onRead` once; the same code held in front of the camera is not sent again
 * for a few seconds.
 */
export function Scanner({ onRead }: { onRead: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(
    cameraAvailable() ? null : '当前连接无法使用摄像头（需通过 HTTPS 访问）。请上传二维码图片、输入签到码或搜索会员签到。',
  );
  const reading = useRef(onRead);
  useEffect(() => {
    reading.current = onRead;
  }, [onRead]);

  // While the camera is on: frames are read until a code is found; the camera stops with the page.
  useEffect(() => {
    if (!stream || !video.current) return;
    const player = video.current;
    player.srcObject = stream;
    void player.play().catch(() => undefined);
    let last = { text: '', at: 0 };
    let timer = 0;
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      if (player.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && canvas.current) {
        const text = await readQr(player, player.videoWidth, player.videoHeight, canvas.current);
        const now = Date.now();
        if (text && !stopped && (text !== last.text || now - last.at > SAME_SCAN_MS)) {
          last = { text, at: now };
          reading.current(text);
        } else if (text) last.at = now;
      }
      timer = window.setTimeout(() => void tick(), FRAME_MS);
    };
    void tick();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream.getTracks().forEach((track) => track.stop());
      player.srcObject = null;
    };
  }, [stream]);

  const start = async () => {
    setStarting(true);
    setProblem(null);
    try {
      setStream(await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }));
    } catch (error) {
      setProblem(cameraProblem(error));
    } finally {
      setStarting(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked || !canvas.current) return;
    try {
      const image = await createImageBitmap(picked);
      const text = await readQr(image, image.width, image.height, canvas.current);
      image.close();
      if (text) reading.current(text);
      else setProblem('图片中未识别到二维码。请重新拍摄，或输入签到码签到。');
    } catch {
      setProblem('无法读取该图片。请上传 jpg 或 png 格式的二维码照片。');
    }
  };

  return (
    <div className={styles.scanner}>
      {stream && <video ref={video} className={styles.video} muted playsInline aria-label="摄像头画面" />}
      <canvas ref={canvas} hidden />
      <Space wrap>
        {stream ? (
          <Button icon={<StopOutlined />} onClick={() => setStream(null)}>
            停止扫码
          </Button>
        ) : (
          <Button type="primary" size="large" icon={<CameraOutlined />} loading={starting} disabled={!cameraAvailable()} onClick={() => void start()}>
            扫码签到
          </Button>
        )}
        <Button size="large" icon={<PictureOutlined />} onClick={() => file.current?.click()}>
          上传二维码图片
        </Button>
        <input ref={file} type="file" accept="image/*" hidden aria-label="二维码图片" onChange={(e) => void upload(e)} />
      </Space>
      {problem && <Alert className={styles.problem} type="warning" showIcon message={problem} closable onClose={() => setProblem(null)} />}
    </div>
  );
}
