/*
 * A business's customers (docs/decisions.md D32): the Refine resource /api/customers and the CSV import.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Business from '#models/business'
import Customer from '#models/customer'
import CustomerPolicy from '#policies/customer_policy'
import SaveCustomer from '#actions/requests/save_customer'
import ImportCustomers from '#actions/requests/import_customers'
import DeleteCustomer from '#actions/requests/delete_customer'
import { createCustomerValidator, customerImportQueryValidator, updateCustomerValidator } from '#validators/requests'
import { serializeCustomer } from '#serializers/review_requests'
import { BadRequestError, FieldError, PayloadTooLargeError } from '#exceptions/app_errors'
import { CSV_IMPORT_LIMIT, CSV_IMPORT_LIMIT_BYTES } from '#config/bodyparser'
import { ListParams, paginate } from '#lib/list_query'
import { CUSTOMER_LIST } from '#queries/list_specs'
import type { CustomerDto, CustomerImportResponse } from '#types/api'

async function customerOf({ bouncer, params }: HttpContext, action: 'view' | 'update' | 'delete') {
  const customer = await Customer.find(params.id)
  await bouncer.with(CustomerPolicy).authorize(action, customer)
  return customer!
}

/** Reads a stream to text, refusing more than the import's limit (413). */
async function readLimited(stream: AsyncIterable<Buffer | string>) {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
    size += buffer.length
    if (size > CSV_IMPORT_LIMIT_BYTES) throw new PayloadTooLargeError(`The file is larger than ${CSV_IMPORT_LIMIT}.`)
    chunks.push(buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** The import's file: the body as text/csv, or a multipart field `file`. */
async function csvOf({ request }: HttpContext) {
  const type = String(request.header('content-type', ''))
  if (type.startsWith('multipart/form-data')) {
    let csv: string | null = null
    request.multipart.onFile('file', {}, async (part) => {
      csv = await readLimited(part)
    })
    await request.multipart.process()
    if (csv === null) throw new FieldError('file', 'Attach the CSV as a field named file.')
    return csv as string
  }
  if (type.startsWith('text/csv')) return readLimited(request.request)
  throw new BadRequestError('Send the CSV as the body (Content-Type: text/csv) or as a multipart field named file.')
}

export default class CustomersController {
  async index(ctx: HttpContext): Promise<CustomerDto[]> {
    return paginate(ctx, CustomerPolicy.visible(ctx.tenant.member), CUSTOMER_LIST, serializeCustomer)
  }

  async show(ctx: HttpContext): Promise<CustomerDto> {
    return serializeCustomer(await customerOf(ctx, 'view'))
  }

  @inject()
  async store({ bouncer, request, response }: HttpContext, save: SaveCustomer) {
    const input = await request.validateUsing(createCustomerValidator)
    const business = await Business.find(input.businessId)
    await bouncer.with(CustomerPolicy).authorize('create', business)
    const customer = await save.create(business!, input)
    return response.created(serializeCustomer(customer) satisfies CustomerDto)
  }

  @inject()
  async update(ctx: HttpContext, save: SaveCustomer): Promise<CustomerDto> {
    const customer = await customerOf(ctx, 'update')
    const input = await ctx.request.validateUsing(updateCustomerValidator)
    return serializeCustomer(await save.update(customer, input))
  }

  @inject()
  async destroy(ctx: HttpContext, deleteCustomer: DeleteCustomer) {
    const customer = await customerOf(ctx, 'delete')
    await deleteCustomer.handle(customer)
    return ctx.response.noContent()
  }

  /** POST /api/customers/import?businessId=&dryRun=true|false&consent=true: a result per row. */
  @inject()
  async import(ctx: HttpContext, importCustomers: ImportCustomers): Promise<CustomerImportResponse> {
    const { businessId } = await ctx.request.validateUsing(customerImportQueryValidator, { data: ctx.request.qs() })
    const params = ListParams.of(ctx)
    const found = await Business.find(businessId)
    await ctx.bouncer.with(CustomerPolicy).authorize('create', found)
    const business = found!
    const dryRun = params.get('dryRun') === 'true'
    if (!dryRun && params.get('consent') !== 'true') {
      throw new FieldError('consent', 'Confirm that these customers agreed to be contacted (consent=true).')
    }
    return importCustomers.handle(business, await csvOf(ctx), dryRun)
  }
}
