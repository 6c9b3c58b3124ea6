/* Saving something the page made (a QR poster, a CSV, a logo) as a file. */

/** Saves a data URL, or a Blob (its object URL released once the click has read it), as a file. */
export function download(source: string | Blob, fileName: string) {
  const href = typeof source === 'string' ? source : URL.createObjectURL(source)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  document.body.appendChild(link)
  link.click()
  link.remove()
  if (typeof source !== 'string') setTimeout(() => URL.revokeObjectURL(href), 1000)
}
