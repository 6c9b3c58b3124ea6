import { Tooltip, type TooltipProps } from 'antd'
import { TOOLTIP_DELAY_MS } from '#config/constants'

/** A tooltip that opens after 700 ms (docs/screens.md#dashboard-routes). Every tooltip of the dashboard is this one. */
export function Tip(props: TooltipProps) {
  return <Tooltip mouseEnterDelay={TOOLTIP_DELAY_MS / 1000} {...props} />
}
