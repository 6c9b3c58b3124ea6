export interface MailFile {
  file: string
  kind: string
  to: string
  subject: string
  text: string
  html: string
  attachments: { filename?: string; contentType: string; content: Buffer }[]
}
export function readMailFiles(dir: string): Promise<MailFile[]>
export function linkInMail(dir: string, kind: string, to: string, path: string): Promise<string | null>
