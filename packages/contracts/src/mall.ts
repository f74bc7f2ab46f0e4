/** What the server and the worker do alike when a mall order is delivered. Constants only. */

/**
 * After a mall delivery: the delivered certificate (its row in `certificates`) expires when the bought period of its
 * order ends ($1 the mall order, $2 the certificate), or earlier if the certificate itself does. Both the server's
 * manual delivery and the worker's automatic one run it in their delivery transaction.
 */
export const BOUGHT_VALIDITY = `UPDATE certificates SET expires_at = LEAST(expires_at, (SELECT expires_at FROM mall_orders WHERE id = $1)) WHERE id = $2`;
