package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// Factors is the second factor's cryptography (issue 44): TOTP (RFC 6238,
// pquerna/otp: SHA-1, 6 digits, 30-second steps, one step either side
// accepted), its secrets sealed with AES-256-GCM, and keyed hashes
// (HMAC-SHA256) of the recovery codes, the sign-in's second-step tokens,
// unknown addresses in the audit trail and the trail's entries. Every key
// is derived from the token secret (JWT_SECRET), so that every instance
// sharing it reads what another wrote, and a copy of the database alone
// opens no secret and forges no entry.
type Factors struct {
	issuer string
	seal   cipher.AEAD
	hash   []byte
	now    func() time.Time
}

// NewFactors derives the keys from secret (at least 32 bytes); issuer names
// the store in authenticator apps.
func NewFactors(secret []byte, issuer string) (*Factors, error) {
	if len(secret) < 32 {
		return nil, errors.New("the token secret must be at least 32 characters")
	}
	block, err := aes.NewCipher(derive(secret, "storefront second factor sealing"))
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	if issuer == "" {
		issuer = "Storefront"
	}
	return &Factors{issuer: issuer, seal: aead, hash: derive(secret, "storefront keyed hashes"), now: time.Now}, nil
}

func derive(secret []byte, purpose string) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(purpose))
	return m.Sum(nil)
}

// totpOpts are the codes every authenticator app reads from an otpauth URL
// without parameters.
var totpOpts = totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// NewTOTP draws a secret (160 bits) for account and returns it in base32
// and as the otpauth:// URL that a QR code carries.
func (f *Factors) NewTOTP(account string) (secret, url string, err error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: f.issuer, AccountName: account, SecretSize: 20, Rand: rand.Reader})
	if err != nil {
		return "", "", err
	}
	return key.Secret(), key.URL(), nil
}

// CheckTOTP reports which 30-second step's code code is, among the step of
// at and one either side; ok false when none.
func (f *Factors) CheckTOTP(secret, code string, at time.Time) (step int64, ok bool) {
	now := at.Unix() / 30
	for _, s := range []int64{now, now - 1, now + 1} {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(s*30, 0), totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s, true
		}
	}
	return 0, false
}

// TOTPCode is the code of secret at t (the tests' authenticator).
func TOTPCode(secret string, t time.Time) (string, error) {
	return totp.GenerateCodeCustom(secret, t, totpOpts)
}

// Seal encrypts a secret for the store.
func (f *Factors) Seal(plain string) (string, error) {
	nonce := make([]byte, f.seal.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawStdEncoding.EncodeToString(f.seal.Seal(nonce, nonce, []byte(plain), nil)), nil
}

// Open decrypts what Seal made.
func (f *Factors) Open(sealed string) (string, error) {
	raw, err := base64.RawStdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < f.seal.NonceSize() {
		return "", errors.New("a sealed secret is damaged")
	}
	plain, err := f.seal.Open(nil, raw[:f.seal.NonceSize()], raw[f.seal.NonceSize():], nil)
	if err != nil {
		return "", errors.New("a sealed secret does not open with this JWT_SECRET")
	}
	return string(plain), nil
}

// Hash is the keyed hash of value for purpose, in hex.
func (f *Factors) Hash(purpose, value string) string {
	m := hmac.New(sha256.New, f.hash)
	m.Write([]byte(purpose))
	m.Write([]byte{0})
	m.Write([]byte(value))
	return hex.EncodeToString(m.Sum(nil))
}

// recoveryEncoding leaves out the letters read as digits (l, o).
var recoveryEncoding = base32.NewEncoding("abcdefghijkmnpqrstuvwxyz23456789").WithPadding(base32.NoPadding)

// NewRecoveryCode draws a recovery code: ten characters in two groups
// (50 bits), like "k7m2p-x9qrt".
func NewRecoveryCode() (string, error) {
	b := make([]byte, 7)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	s := recoveryEncoding.EncodeToString(b)[:10]
	return s[:5] + "-" + s[5:], nil
}

// NormalizeRecoveryCode is a recovery code as typed, as its hash reads it.
func NormalizeRecoveryCode(code string) string {
	return strings.ReplaceAll(strings.ToLower(strings.Join(strings.Fields(code), "")), "-", "")
}

// NewOpaqueToken draws 256 random bits in base64url (an mfaToken, a
// session id).
func NewOpaqueToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// NewRecoveryCode is the package's NewRecoveryCode (the services' port).
func (f *Factors) NewRecoveryCode() (string, error) { return NewRecoveryCode() }

// NewToken is NewOpaqueToken (the services' port).
func (f *Factors) NewToken() (string, error) { return NewOpaqueToken() }

// RandomFactors is Factors under a random key: for the tests that never
// read what another process sealed.
func RandomFactors() *Factors {
	secret := make([]byte, 32)
	_, _ = rand.Read(secret)
	f, err := NewFactors(secret, "")
	if err != nil {
		panic(err)
	}
	return f
}
