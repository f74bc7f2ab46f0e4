import { QRCodeSVG } from "qrcode.react";

/** A QR code of `value` (qrcode.react), loaded lazily with the install section. */
export default function QrCode({ value, size }: { value: string; size: number }) {
  return <QRCodeSVG value={value} size={size} level="M" marginSize={0} title="安装页二维码" />;
}
