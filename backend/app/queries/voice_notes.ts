import db from '@adonisjs/lucid/services/db'

/** The voice note kept as a WhatsApp rating's feedback (docs/decisions.md D67), or null. */
export async function voiceNoteOf(sessionId: number): Promise<{ mimeType: string; audio: Buffer } | null> {
  const row = await db.from('whatsapp_voice_notes').where('review_session_id', sessionId).select('mime_type', 'audio').first()
  return row ? { mimeType: String(row.mime_type), audio: Buffer.from(row.audio) } : null
}
