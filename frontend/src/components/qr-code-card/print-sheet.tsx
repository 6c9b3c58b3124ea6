/*
 * The poster alone, centred on an A4 page. It exists only while printing; the print styles hide everything
 * else in the body while it is there, so the browser's print dialog shows just the poster.
 */
import { createPortal } from 'react-dom'
import './qr-code-card.css'

export function PrintSheet({ src, name, onReady }: { src: string; name: string; onReady(): void }) {
  return createPortal(
    <div className="qr-print-sheet">
      <img src={src} alt={`QR code poster for ${name}`} onLoad={onReady} onError={onReady} />
    </div>,
    document.body
  )
}
