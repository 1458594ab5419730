/**
 * Opens a file the server answers (a PDF, a photo) in a new tab. The tab is opened in the click itself,
 * before the file arrives: one opened after waiting for the server is a pop-up the browser may block
 * (Safari always does, others after a second or so) and `window.open` would not even say so. A tab that
 * could not be opened gets the file saved instead; a failed request closes the tab again.
 */
import { isHandled, saveBlob } from '../api/request'

export async function openInNewTab(load: () => Promise<{ blob: Blob; filename: string }>) {
  const tab = window.open('', '_blank')
  // the file's tab gets no handle on this page
  if (tab) tab.opener = null
  try {
    const { blob, filename } = await load()
    if (!tab || tab.closed) return saveBlob(blob, filename)
    const url = URL.createObjectURL(blob)
    tab.location.href = url
    // the tab has read it by then; the URL would otherwise hold the file until this page closes
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  } catch (e) {
    tab?.close()
    if (!isHandled(e)) throw e
  }
}
