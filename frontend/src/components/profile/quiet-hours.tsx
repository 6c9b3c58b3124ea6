/*
 * Profile, Notifications: quiet hours, whole hours in India's time (PATCH /api/notification-settings `quietHours`).
 * WhatsApp and push alerts wait until they end; a 1-star rating still comes at once (the server's rule). Also the
 * card's on/off row, SettingSwitch, which the weekly summary uses too.
 */
import { Flex, Select, Switch, Typography } from 'antd'
import type { NotificationSettingsDto } from '@reviewroute/backend/types/api'

/** Quiet hours as the settings carry them; null for none. */
export type QuietHours = NotificationSettingsDto['quietHours']

/** Where quiet hours start when they are turned on. */
export const DEFAULT_QUIET_HOURS = { from: 22, until: 7 }

/** 7 → '07:00' */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`

/** What a saved change says in its toast. */
export const quietHoursText = (hours: QuietHours) =>
  hours ? `Quiet hours: ${hourText(hours.from)} to ${hourText(hours.until)}.` : 'Quiet hours are off.'

/**
 * An on/off row of Profile's Notifications (quiet hours, the weekly summary): the setting's name (`{id}-label`, which
 * also names the switch) over what it does, and the switch beside them.
 */
export function SettingSwitch(props: {
  id: string
  label: string
  description: string
  checked: boolean
  disabled: boolean
  onChange(checked: boolean): void
}) {
  return (
    <Flex align="center" justify="space-between" gap={16}>
      <div>
        <Typography.Text strong id={`${props.id}-label`}>
          {props.label}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary">{props.description}</Typography.Text>
      </div>
      <Switch aria-labelledby={`${props.id}-label`} checked={props.checked} disabled={props.disabled} onChange={props.onChange} />
    </Flex>
  )
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour)

function HourSelect(props: { label: string; value: number; other: number; disabled: boolean; onChange(hour: number): void }) {
  return (
    <Flex align="center" gap={8}>
      <Typography.Text>{props.label}</Typography.Text>
      <Select
        aria-label={props.label}
        value={props.value}
        disabled={props.disabled}
        // Quiet hours that start when they end are none: the other end's hour is not offered.
        options={HOURS.map((hour) => ({ value: hour, label: hourText(hour), disabled: hour === props.other }))}
        onChange={props.onChange}
        style={{ width: 96 }}
      />
    </Flex>
  )
}

export function QuietHoursSetting(props: { value: QuietHours; saving: boolean; onSave(value: QuietHours): void }) {
  const { value, saving, onSave } = props
  return (
    <Flex vertical gap={10}>
      <SettingSwitch
        id="quiet-hours"
        label="Quiet hours"
        description="WhatsApp and push alerts wait until the quiet hours end. A 1-star rating still comes at once."
        checked={value !== null}
        disabled={saving}
        onChange={(on) => onSave(on ? DEFAULT_QUIET_HOURS : null)}
      />
      {value && (
        <Flex wrap align="center" gap={16}>
          <HourSelect
            label="From"
            value={value.from}
            other={value.until}
            disabled={saving}
            onChange={(from) => onSave({ ...value, from })}
          />
          <HourSelect
            label="Until"
            value={value.until}
            other={value.from}
            disabled={saving}
            onChange={(until) => onSave({ ...value, until })}
          />
          <Typography.Text type="secondary">India time</Typography.Text>
        </Flex>
      )}
    </Flex>
  )
}
