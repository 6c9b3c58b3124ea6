/*
 * Creates the configured MySQL database when it does not exist yet (fresh machines, CI).
 */
import mysql from 'mysql2/promise'
import env from '#start/env'
import { connection } from '#config/database'

export async function ensureDatabase(name = env.get('DB_DATABASE')) {
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Refusing unusual database name: ${name}`)
  const client = await mysql.createConnection(connection)
  try {
    await client.query(`CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`)
  } finally {
    await client.end()
  }
}
