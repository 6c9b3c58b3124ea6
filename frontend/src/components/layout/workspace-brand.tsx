/*
 * A workspace's look in the chrome: the brand's logo (a client's agency, an agency's own), else its initial on the
 * brand's colour, and the small square that tells workspaces apart in the switcher. The logo is an <img> of the
 * server's data or file address: an SVG drawn that way runs no script.
 */
import type { WorkspaceBrandDto, WorkspaceDto } from '@reviewroute/backend/types/api'

/** ReviewRoute's blue, for a workspace without a brand. */
export const DEFAULT_BRAND_COLOR = '#1d4ed8'

const initialOf = (name: string) => Array.from(name.trim())[0]?.toUpperCase() ?? '?'

function Initial({ name, color, size, label }: { name: string; color: string; size: number; label?: string }) {
  return (
    <span
      {...(label ? { 'role': 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className="workspace-mark"
      style={{ width: size, height: size, background: color, fontSize: Math.round(size * 0.5), borderRadius: Math.round(size / 4) }}
    >
      {initialOf(name)}
    </span>
  )
}

/** `labelled`: the mark stands alone (a phone's header), so it carries the brand's name. */
export function BrandMark({ brand, size = 32, labelled = false }: { brand: WorkspaceBrandDto; size?: number; labelled?: boolean }) {
  if (brand.logoUrl)
    return (
      <img
        src={brand.logoUrl}
        alt={labelled ? brand.name : ''}
        width={size}
        height={size}
        className="brand-logo"
        style={{ objectFit: 'contain', flex: 'none' }}
      />
    )
  return <Initial name={brand.name} color={brand.color} size={size} label={labelled ? brand.name : undefined} />
}

/** A workspace's square in the switcher: its own initial, on its brand's colour. */
export function WorkspaceMark({ workspace, size = 24 }: { workspace: Pick<WorkspaceDto, 'name' | 'brand'>; size?: number }) {
  return <Initial name={workspace.name} color={workspace.brand?.color ?? DEFAULT_BRAND_COLOR} size={size} />
}
