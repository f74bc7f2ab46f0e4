import { useQuery } from "@apollo/client/react";
import { graphql } from "../../../gql";
import { formatDateTime } from "../../../shared/format";

/** The server's business time zone (BUSINESS_TZ); lists that ask for it in their own query fill the cache first. */
const BusinessTimeZoneQuery = graphql(`
  query BusinessTimeZone {
    businessTimeZone
  }
`);

/**
 * The time zone admin pages show dates in: the one the dashboard counts days in, whatever the browser's zone.
 * undefined while unknown; a failed read falls back to the browser's zone ("local").
 */
function useBusinessTimeZone(): string | "local" | undefined {
  const { data, error } = useQuery(BusinessTimeZoneQuery, { fetchPolicy: "cache-first" });
  return data?.businessTimeZone ?? (error ? "local" : undefined);
}

/** "YYYY-MM-DD HH:mm" in the business time zone (nothing until the zone is known, so no date shows in another zone). */
export function BusinessDateTime({ value }: { value: string | null | undefined }) {
  const zone = useBusinessTimeZone();
  if (zone === undefined) return null;
  return <>{formatDateTime(value, zone === "local" ? undefined : zone)}</>;
}
