/*
 * The addresses the front ends' routers draw, read from their source: every react-router <Route path> of a file
 * (string paths, and paths taken from an array literal by `[...].map((path) => <Route path={path} />)`), nested
 * paths joined to their parent's, index routes as their parent's path. Splats (`*`, `/x/*`) are catch-alls, not
 * addresses, and are left out.
 */
import { readFileSync } from 'node:fs'
import ts from 'typescript'

const attribute = (element: ts.JsxOpeningLikeElement, name: string) =>
  element.attributes.properties.find(
    (property): property is ts.JsxAttribute => ts.isJsxAttribute(property) && property.name.getText() === name
  )

/** The strings an identifier stands for when it is the parameter of `[...'strings'].map((identifier) => ...)`. */
function mappedStrings(identifier: ts.Identifier): string[] | null {
  for (let node: ts.Node | undefined = identifier.parent; node; node = node.parent) {
    if (!ts.isArrowFunction(node) && !ts.isFunctionExpression(node)) continue
    const parameter = node.parameters[0]
    if (!parameter || parameter.name.getText() !== identifier.text) continue
    const call = node.parent
    if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression) || call.expression.name.text !== 'map') return null
    const list = call.expression.expression
    if (!ts.isArrayLiteralExpression(list) || !list.elements.every(ts.isStringLiteral)) return null
    return list.elements.map((element) => (element as ts.StringLiteral).text)
  }
  return null
}

/** The path values of one <Route>: none (a layout route), one, or several (mapped). */
function pathsOf(element: ts.JsxOpeningLikeElement, file: string): string[] | null {
  const path = attribute(element, 'path')
  if (!path) return attribute(element, 'index') ? [''] : null
  const value = path.initializer
  if (value && ts.isStringLiteral(value)) return [value.text]
  const expression = value && ts.isJsxExpression(value) ? value.expression : undefined
  if (expression && ts.isStringLiteral(expression)) return [expression.text]
  const mapped = expression && ts.isIdentifier(expression) ? mappedStrings(expression) : null
  if (mapped) return mapped
  throw new Error(`${file}: a <Route path={${expression?.getText() ?? ''}}> this reader cannot follow; write the path as a string`)
}

const join = (base: string, path: string) => {
  if (path.startsWith('/')) return path
  const joined = `${base.replace(/\/\*$/, '').replace(/\/$/, '')}/${path}`
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined
}

/** Every address of the <Route>s in `file`, relative ones under `base` (where that file's <Routes> are mounted). */
export function routerPaths(file: string, base = '/') {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found = new Set<string>()
  const visit = (node: ts.Node, parents: string[]) => {
    let inner = parents
    const opening = ts.isJsxElement(node) ? node.openingElement : ts.isJsxSelfClosingElement(node) ? node : null
    if (opening && opening.tagName.getText() === 'Route') {
      const paths = pathsOf(opening, file)
      if (paths) {
        const joined = parents.flatMap((parent) => paths.map((path) => (path === '' ? parent : join(parent, path))))
        for (const path of joined) if (!path.split('/').includes('*')) found.add(path)
        inner = joined
      }
    }
    ts.forEachChild(node, (child) => visit(child, inner))
  }
  visit(source, [base])
  return [...found].sort()
}
