import { useEffect, useRef, useState } from 'react'
import { download } from '@reviewroute/web-shared/download'
import { TextPage } from '#site/components/layout'
import { drawLogo } from '#site/components/logo-canvas'
import { useSession } from '#site/session'

const LOGO_SIZE = 400
const FILE_NAME = 'reviewroute-logo.png'

/** canvas → PNG blob → a file. */
function downloadCanvas(canvas: HTMLCanvasElement, onError: () => void) {
  canvas.toBlob((blob) => (blob ? download(blob, FILE_NAME) : onError()), 'image/png')
}

export default function LogoDownloadPage() {
  const { user } = useSession()
  const canvas = useRef<HTMLCanvasElement>(null)
  const [ready, setReady] = useState(false)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const context = canvas.current?.getContext('2d')
    if (!context) {
      setFailed(true)
      return
    }
    drawLogo(context, LOGO_SIZE)
    setReady(true)
  }, [])

  return (
    <TextPage user={user} title="ReviewRoute logo">
      <p className="lead">
        Download our logo as a {LOGO_SIZE} × {LOGO_SIZE} pixel PNG: a blue circle with a white star. Use it to tell customers where to rate
        you, next to your QR poster or review link.
      </p>
      <div className="logo-download">
        <canvas
          ref={canvas}
          className="logo-download__canvas"
          width={LOGO_SIZE}
          height={LOGO_SIZE}
          role="img"
          aria-label="ReviewRoute logo: a white star on a blue circle"
        />
        <div className="logo-download__side">
          <button
            type="button"
            className="button button--primary button--large"
            disabled={!ready}
            onClick={() => canvas.current && downloadCanvas(canvas.current, () => setFailed(true))}
          >
            Download PNG
          </button>
          {failed && (
            <p className="alert alert--red" role="alert">
              Your browser could not create the image. Please try again in another browser.
            </p>
          )}
          <ul className="muted fine-print">
            <li>Keep the colours (blue #2563eb, white) and the round shape.</li>
            <li>Do not stretch, rotate or add effects to the logo.</li>
            <li>Leave some empty space around it.</li>
          </ul>
        </div>
      </div>
    </TextPage>
  )
}
