#!/usr/bin/env bash
# The demo certificate (演示证书) of the default run: a generated PKI, a p12 and an all-devices provisioning profile.
# The outputs are committed (demo/certificate/), so a fresh machine needs no openssl; run this only to make a new
# set (it replaces them: every run makes new keys, serials and UUID).
#
#   bash demo/gen-certificate.sh
#
# Outputs (demo/certificate/):
#   root.pem               "GRYX 演示根证书 (Demo Root CA)": the root APPLE_EXTRA_ROOTS lists outside production
#                          (scripts/start.mjs, the test harness).
#   demo.p12               leaf + key + intermediate + root, AES-256-CBC, password in certificate.json
#   demo.mobileprovision   CMS (DER, attached) signed plist: ProvisionsAllDevices (enterprise/in-house), app id
#                          <TEAM>.*, valid for twenty years, signed by a profile-signing certificate under the root
#   certificate.json       what the seed needs: file names, password, team, names, the OCSP address
#   ca/                    the demo CA, kept for its OCSP responder (scripts/ocsp-responder.mjs, which `npm start`
#                          runs on 127.0.0.1:6960): wwdr.pem (the issuer), ocsp.pem + ocsp.key (the delegated
#                          responder certificate, id-kp-OCSPSigning, issued by the WWDR), index.txt (openssl ca's
#                          database: what the responder answers from), and the CA keys (root.key, wwdr.key) with
#                          ca.cnf, so `openssl ca -config ca.cnf -revoke ...` run in ca/ can revoke. A demo, not a
#                          secret: anyone with this repository can issue under the demo root, which only a
#                          non-production run trusts.
#
# The chain: root (CA) → "GRYX 演示 WWDR 中级证书" (CA, pathlen 0, Apple's WWDR marker 1.2.840.113635.100.6.2.1)
# → leaf "iPhone Distribution: 演示证书 (GRYXDEMO01)", OU = team id, EKU codeSigning, Apple's distribution leaf
# marker 1.2.840.113635.100.6.1.4, and an Authority Information Access OCSP address on loopback (OCSP_URL below:
# packages/apple's DEMO_OCSP_URL says the same), where the demo responder answers signed good/revoked/unknown.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="$HERE/certificate"
TEAM=GRYXDEMO01
PASS=gryx-demo
NAME="演示证书"
PROFILE_NAME="演示证书 · 所有设备"
OCSP_URL="http://127.0.0.1:6960/"
PROFILE_UUID="$(cat /proc/sys/kernel/random/uuid | tr a-z A-Z)"
command -v openssl >/dev/null || { echo "gen-certificate.sh: openssl is required" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/gryx-demo-pki.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

export OCSP_URL
cat > ca.cnf <<'EOF'
[ ca ]
default_ca = demo_ca
[ demo_ca ]
dir             = .
database        = $dir/index.txt
serial          = $dir/serial
new_certs_dir   = $dir/newcerts
default_md      = sha256
policy          = policy_any
unique_subject  = no
copy_extensions = none
email_in_dn     = no
preserve        = yes
utf8            = yes
string_mask     = utf8only
[ policy_any ]
userId                 = optional
countryName            = optional
organizationName       = optional
organizationalUnitName = optional
commonName             = supplied
[ req ]
distinguished_name = req_dn
prompt             = no
utf8               = yes
string_mask        = utf8only
[ req_dn ]
CN = placeholder
[ ext_root ]
basicConstraints       = critical, CA:true
keyUsage               = critical, keyCertSign, cRLSign
subjectKeyIdentifier   = hash
[ ext_wwdr ]
basicConstraints       = critical, CA:true, pathlen:0
keyUsage               = critical, keyCertSign, cRLSign
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid
1.2.840.113635.100.6.2.1 = ASN1:NULL
[ ext_leaf ]
basicConstraints       = critical, CA:false
keyUsage               = critical, digitalSignature
extendedKeyUsage       = critical, codeSigning
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid
1.2.840.113635.100.6.1.4 = ASN1:NULL
authorityInfoAccess    = OCSP;URI:$ENV::OCSP_URL
[ ext_ocsp ]
basicConstraints       = critical, CA:false
keyUsage               = critical, digitalSignature
extendedKeyUsage       = critical, OCSPSigning
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid
noCheck                = ignored
[ ext_profile_signer ]
basicConstraints       = critical, CA:false
keyUsage               = critical, digitalSignature
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid
EOF
mkdir newcerts && : > index.txt && echo 1000 > serial
CA=(openssl ca -config ca.cnf -batch -notext -md sha256 -utf8)
newkey() { openssl genrsa -out "$1" 2048 2>/dev/null; }
csr() { openssl req -new -config ca.cnf -utf8 -key "$1" -subj "$2" -out "$3"; }

# Validity: from a day ago (clock skew) for twenty years; the root a little longer.
START="$(date -u -d '-1 day' +%Y%m%d%H%M%SZ)"
END="$(date -u -d '+20 years' +%Y%m%d%H%M%SZ)"
ROOT_END="$(date -u -d '+25 years' +%Y%m%d%H%M%SZ)"

newkey root.key
csr root.key "/C=CN/O=GRYX Demo/OU=演示证书/CN=GRYX 演示根证书 (Demo Root CA)" root.csr
"${CA[@]}" -selfsign -keyfile root.key -in root.csr -extensions ext_root -startdate "$START" -enddate "$ROOT_END" -out root.pem 2>/dev/null

newkey wwdr.key
csr wwdr.key "/C=CN/O=GRYX Demo/OU=G3/CN=GRYX 演示 WWDR 中级证书 (Demo Developer Relations CA)" wwdr.csr
"${CA[@]}" -cert root.pem -keyfile root.key -in wwdr.csr -extensions ext_wwdr -startdate "$START" -enddate "$ROOT_END" -out wwdr.pem 2>/dev/null

newkey leaf.key
csr leaf.key "/UID=$TEAM.demo/CN=iPhone Distribution: $NAME ($TEAM)/OU=$TEAM/O=$NAME/C=CN" leaf.csr
"${CA[@]}" -cert wwdr.pem -keyfile wwdr.key -in leaf.csr -extensions ext_leaf -startdate "$START" -enddate "$END" -out leaf.pem 2>/dev/null
openssl x509 -in leaf.pem -outform DER -out leaf.der

newkey ocsp.key
csr ocsp.key "/C=CN/O=GRYX Demo/OU=G3/CN=GRYX 演示 OCSP 响应者 (Demo OCSP Responder)" ocsp.csr
"${CA[@]}" -cert wwdr.pem -keyfile wwdr.key -in ocsp.csr -extensions ext_ocsp -startdate "$START" -enddate "$END" -out ocsp.pem 2>/dev/null

newkey signer.key
csr signer.key "/C=CN/O=GRYX Demo/OU=演示证书/CN=GRYX 演示描述文件签名 (Demo Provisioning Profile Signing)" signer.csr
"${CA[@]}" -cert root.pem -keyfile root.key -in signer.csr -extensions ext_profile_signer -startdate "$START" -enddate "$ROOT_END" -out signer.pem 2>/dev/null

cat wwdr.pem root.pem > chain.pem
openssl pkcs12 -export -passout "pass:$PASS" -inkey leaf.key -in leaf.pem -certfile chain.pem -name "$NAME" \
  -keypbe AES-256-CBC -certpbe AES-256-CBC -macalg sha256 -out demo.p12

CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
EXPIRES="$(date -u -d '+20 years -2 days' +%Y-%m-%dT%H:%M:%SZ)"
cat > profile.plist <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>AppIDName</key>
	<string>$NAME</string>
	<key>ApplicationIdentifierPrefix</key>
	<array>
		<string>$TEAM</string>
	</array>
	<key>CreationDate</key>
	<date>$CREATED</date>
	<key>Platform</key>
	<array>
		<string>iOS</string>
	</array>
	<key>IsXcodeManaged</key>
	<false/>
	<key>DeveloperCertificates</key>
	<array>
		<data>$(openssl base64 -A -in leaf.der)</data>
	</array>
	<key>Entitlements</key>
	<dict>
		<key>application-identifier</key>
		<string>$TEAM.*</string>
		<key>keychain-access-groups</key>
		<array>
			<string>$TEAM.*</string>
		</array>
		<key>get-task-allow</key>
		<false/>
		<key>com.apple.developer.team-identifier</key>
		<string>$TEAM</string>
	</dict>
	<key>ExpirationDate</key>
	<date>$EXPIRES</date>
	<key>Name</key>
	<string>$PROFILE_NAME</string>
	<key>ProvisionsAllDevices</key>
	<true/>
	<key>TeamIdentifier</key>
	<array>
		<string>$TEAM</string>
	</array>
	<key>TeamName</key>
	<string>$NAME</string>
	<key>TimeToLive</key>
	<integer>7300</integer>
	<key>UUID</key>
	<string>$PROFILE_UUID</string>
	<key>Version</key>
	<integer>1</integer>
</dict>
</plist>
EOF
openssl cms -sign -nodetach -binary -outform DER -signer signer.pem -inkey signer.key -certfile root.pem \
  -in profile.plist -out demo.mobileprovision

mkdir -p "$OUT"
rm -rf "$OUT/ca" && mkdir -p "$OUT/ca"
cp root.pem demo.p12 demo.mobileprovision "$OUT/"
cp root.pem root.key wwdr.pem wwdr.key ocsp.pem ocsp.key index.txt index.txt.attr serial "$OUT/ca/"
# ca.cnf as used here, for revoking later (openssl ca -config ca.cnf -cert wwdr.pem -keyfile wwdr.key -revoke X.pem).
sed "s|^authorityInfoAccess.*|authorityInfoAccess    = OCSP;URI:$OCSP_URL|" ca.cnf > "$OUT/ca/ca.cnf"
cat > "$OUT/certificate.json" <<EOF
{
  "name": "$NAME",
  "teamId": "$TEAM",
  "commonName": "iPhone Distribution: $NAME ($TEAM)",
  "profileName": "$PROFILE_NAME",
  "p12": "demo.p12",
  "password": "$PASS",
  "profile": "demo.mobileprovision",
  "root": "root.pem",
  "ocspUrl": "$OCSP_URL"
}
EOF
echo "demo certificate generated in $OUT"
