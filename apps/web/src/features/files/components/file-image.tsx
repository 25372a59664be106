import { PictureOutlined } from '@ant-design/icons';
import { Skeleton, theme } from 'antd';
import { type ImageSize, useImageUrl } from '../api';

interface FileImageProps extends ImageSize {
  fileId: number | null | undefined;
  /** The image's text alternative; empty for a decorative thumbnail beside its name. */
  alt: string;
}

/** An uploaded image fitted in a box (never cropped), with a placeholder while it loads or when there is none. */
export function FileImage({ fileId, width, height, alt }: FileImageProps) {
  const { token } = theme.useToken();
  const { url, isLoading } = useImageUrl(fileId, { width, height });
  const box = {
    width,
    height,
    borderRadius: token.borderRadiusSM,
    background: token.colorFillQuaternary,
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
    flexShrink: 0,
  } as const;
  if (fileId && isLoading) return <Skeleton.Node active style={{ width, height }} />;
  if (!url) {
    return (
      <span style={{ ...box, color: token.colorTextQuaternary }} aria-hidden>
        <PictureOutlined />
      </span>
    );
  }
  return (
    <span style={box}>
      <img src={url} alt={alt} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
    </span>
  );
}
