/*
 * A dashboard form that saves and stays on its screen, on @refinedev/antd's `useForm`: Refine sends the write through
 * the data provider, keeps the pending state and puts the server's 422 messages under the fields they name (the data
 * provider turns `errors: [{field, message}]` into Refine's `errors` map). What is left to each form is its own:
 * the body it sends, what follows a save (a toast, closing a dialog) and a refusal no field shows.
 *
 * A record's form names its resource: `create` posts to /api/{resource}, `edit` patches /api/{resource}/{id}. Most
 * writes are to an endpoint rather than a record: `path` posts there (the endpoint is the resource Refine writes to).
 * `method` sends another verb (PUT, DELETE), `workspace: false` an account's call that names no workspace. Nothing is redirected or invalidated unless asked, and Refine's own
 * notifications stay off: the dashboard's toasts are providers/toast.tsx's.
 */
import { useForm } from '@refinedev/antd'
import type { BaseKey, BaseRecord, HttpError } from '@refinedev/core'
import type { FormInstance, FormProps } from 'antd'
import { useState } from 'react'
import { API_URL } from '#providers/data'

/** An endpoint of the API: `/api/auth/change-password`. */
export type ApiPath = `${typeof API_URL}/${string}`

/** A record of a resource (`customers`), or an endpoint. */
type Target =
  | { resource: string; action?: 'create' | 'edit'; id?: BaseKey; path?: never }
  | { path: ApiPath; resource?: never; action?: never; id?: never }

export type SaveFormOptions<TValues, TBody, TResponse> = Target & {
  /** Another verb than the action's. */
  method?: 'put' | 'patch' | 'delete'
  /** false: an account's call, in no workspace. */
  workspace?: false
  /** The lists Refine reads again after the save (none by default). */
  invalidates?: ('list' | 'many' | 'detail' | 'all' | 'resourceAll')[]
  /** The request body made of the form's values (trimmed, renamed, ...); the values as they are without it. */
  body?(values: TValues): TBody
  /** After the server said yes; the form stays busy until what it returns has settled (a failure: `onFailed`). */
  onSaved?(data: TResponse, body: TBody): unknown
  /**
   * A refusal that no field shows (not a 422 on the form's fields): returns the sentence to show on the form, or
   * handles it itself (a toast, a message under a field) and returns nothing.
   */
  onFailed?(error: HttpError): string | null | undefined | void
  /** Busy from the save on: the page is being left (a reload, another workspace). */
  busyAfterSave?: boolean
}

export interface SaveForm<TValues> {
  form: FormInstance<TValues>
  /** Spread on the antd Form; its own props (initialValues, layout, ...) after. */
  formProps: FormProps<TValues>
  /** While saving and while what follows the save settles. */
  saving: boolean
  /** The sentence of the last refusal no field shows; cleared on the next save. */
  failure: string | null
  setFailure(failure: string | null): void
}

export function useSaveForm<TValues, TBody = TValues, TResponse extends BaseRecord = BaseRecord>({
  method,
  workspace,
  invalidates,
  body,
  onSaved,
  onFailed,
  busyAfterSave = false,
  ...target
}: SaveFormOptions<TValues, TBody, TResponse>): SaveForm<TValues> {
  const resource = target.path ? target.path.slice(API_URL.length + 1) : target.resource
  const action = target.path ? 'create' : (target.action ?? 'create')
  const id = target.path ? undefined : target.id
  const [failure, setFailure] = useState<string | null>(null)
  const [settling, setSettling] = useState(false)
  const refine = useForm<TResponse, HttpError, TBody>({
    resource,
    action,
    id,
    // No record is read first: an edit form starts from the values it is given.
    queryOptions: { enabled: false },
    redirect: false,
    invalidates: invalidates ?? [],
    successNotification: false,
    errorNotification: false,
    mutationMeta: { ...(method ? { method } : {}), ...(workspace === false ? { workspace: false } : {}) },
    onMutationSuccess: async ({ data }, sent) => {
      if (!onSaved) return
      setSettling(true)
      try {
        await onSaved(data, sent)
      } catch (error) {
        setFailure(onFailed?.(error as HttpError) ?? null)
      } finally {
        if (!busyAfterSave) setSettling(false)
      }
    },
    // Refine has put the 422's messages under the fields they name already.
    onMutationError: (error) => {
      const form = refine.form as unknown as FormInstance<TValues>
      if (form.getFieldsError().some((field) => field.errors.length > 0)) return
      setFailure(onFailed?.(error) ?? null)
    },
  })
  const { mutation } = refine

  const formProps: FormProps<TValues> = {
    ...(refine.formProps as unknown as FormProps<TValues>),
    initialValues: undefined,
    onFinish: (values: TValues) => {
      setFailure(null)
      // A refusal is handled above; the rejected promise is Refine's answer to the submit, not an error here.
      return refine.onFinish(body ? body(values) : (values as unknown as TBody)).catch(() => undefined)
    },
  }

  return {
    form: refine.form as unknown as FormInstance<TValues>,
    formProps,
    saving: mutation.isPending || settling || (busyAfterSave && mutation.isSuccess),
    failure,
    setFailure,
  }
}
