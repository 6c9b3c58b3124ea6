/*
 * A business's customers (docs/decisions.md D32): the Refine resource /api/customers and the CSV import.
 */
import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import Customer from '#models/customer'
import SaveCustomer, { ownBusiness } from '#actions/requests/save_customer'
import ImportCustomers from '#actions/requests/import_customers'
import { createCustomerValidator, updateCustomerValidator } from '#validators/requests'
import { serializeCustomer } from '#serializers/serializers'
import { BadRequestError, FieldError, NotFoundError, PayloadTooLargeError } from '#exceptions/app_errors'
import { CSV_IMPORT_LIMIT, CSV_IMPORT_LIMIT_BYTES } from '#config/bodyparser'
import { ListParams, paginate } from '#lib/list_query'
import { CUSTOMER_LIST } from '#lib/list_specs'
import type { CustomerDto, CustomerImportResponse } from '#types/api'

async function customerOrFail(userId: number, id: number) {
  const customer = await Customer.ownedBy(userId).where('id', id).first()
  if (!customer) throw new NotFoundError('Customer not found')
  return customer
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
    const userId = ctx.auth.getUserOrFail().id
    const query = Customer.ownedBy(userId)
    return paginate(ctx, query, CUSTOMER_LIST, serializeCustomer)
  }

  async show({ auth, params }: HttpContext): Promise<CustomerDto> {
    return serializeCustomer(await customerOrFail(auth.getUserOrFail().id, params.id))
  }

  @inject()
  async store({ auth, request, response }: HttpContext, save: SaveCustomer) {
    const input = await request.validateUsing(createCustomerValidator)
    const customer = await save.create(auth.getUserOrFail().id, input)
    return response.created(serializeCustomer(customer) satisfies CustomerDto)
  }

  @inject()
  async update({ auth, params, request }: HttpContext, save: SaveCustomer): Promise<CustomerDto> {
    const customer = await customerOrFail(auth.getUserOrFail().id, params.id)
    const input = await request.validateUsing(updateCustomerValidator)
    return serializeCustomer(await save.update(customer, input))
  }

  async destroy({ auth, params, response }: HttpContext) {
    const customer = await customerOrFail(auth.getUserOrFail().id, params.id)
    await customer.delete()
    return response.noContent()
  }

  /** POST /api/customers/import?businessId=&dryRun=true|false&consent=true: a result per row. */
  @inject()
  async import(ctx: HttpContext, importCustomers: ImportCustomers): Promise<CustomerImportResponse> {
    const params = ListParams.of(ctx)
    const rawId = params.get('businessId')
    if (!rawId || !/^[0-9]{1,16}$/.test(rawId)) throw new FieldError('businessId', 'Choose the business to import into (businessId).')
    const business = await ownBusiness(ctx.auth.getUserOrFail().id, Number(rawId))
    const dryRun = params.get('dryRun') === 'true'
    if (!dryRun && params.get('consent') !== 'true') {
      throw new FieldError('consent', 'Confirm that these customers agreed to be contacted (consent=true).')
    }
    return importCustomers.handle(business, await csvOf(ctx), dryRun)
  }
}
