package site

import (
	"strings"
	"unicode"
)

// upperCase is JavaScript's String.prototype.toUpperCase, which the home
// page's featured card uses for its title, so that the server's markup is
// the text the client hydrates: each character's full upper-case mapping,
// not locale-specific. That is Unicode's simple mapping (unicode.ToUpper)
// except for the characters of SpecialCasing.txt's unconditional mappings,
// which become several ("ß" becomes "SS"; strings.ToUpper leaves it, and
// golang.org/x/text/cases composes "ΐ" where JavaScript does not).
func upperCase(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if u, ok := jsSpecialUpper[r]; ok {
			b.WriteString(u)
		} else {
			b.WriteRune(simpleUpper(r))
		}
	}
	return b.String()
}

// jsSpecialUpper is every character whose upper case is more than one
// character (SpecialCasing.txt, unconditional mappings), as Node 20 (ICU 78)
// upper-cases it:
//
//	node -e 'for (let c = 0; c <= 0x10FFFF; c++) { if (c >= 0xD800 && c <= 0xDFFF) continue;
//	  const u = [...String.fromCodePoint(c).toUpperCase()]; if (u.length > 1) console.log(c.toString(16), u) }'
var jsSpecialUpper = map[rune]string{
	0x00DF: "\u0053\u0053",
	0x0149: "\u02BC\u004E",
	0x01F0: "\u004A\u030C",
	0x0390: "\u0399\u0308\u0301",
	0x03B0: "\u03A5\u0308\u0301",
	0x0587: "\u0535\u0552",
	0x1E96: "\u0048\u0331",
	0x1E97: "\u0054\u0308",
	0x1E98: "\u0057\u030A",
	0x1E99: "\u0059\u030A",
	0x1E9A: "\u0041\u02BE",
	0x1F50: "\u03A5\u0313",
	0x1F52: "\u03A5\u0313\u0300",
	0x1F54: "\u03A5\u0313\u0301",
	0x1F56: "\u03A5\u0313\u0342",
	0x1F80: "\u1F08\u0399",
	0x1F81: "\u1F09\u0399",
	0x1F82: "\u1F0A\u0399",
	0x1F83: "\u1F0B\u0399",
	0x1F84: "\u1F0C\u0399",
	0x1F85: "\u1F0D\u0399",
	0x1F86: "\u1F0E\u0399",
	0x1F87: "\u1F0F\u0399",
	0x1F88: "\u1F08\u0399",
	0x1F89: "\u1F09\u0399",
	0x1F8A: "\u1F0A\u0399",
	0x1F8B: "\u1F0B\u0399",
	0x1F8C: "\u1F0C\u0399",
	0x1F8D: "\u1F0D\u0399",
	0x1F8E: "\u1F0E\u0399",
	0x1F8F: "\u1F0F\u0399",
	0x1F90: "\u1F28\u0399",
	0x1F91: "\u1F29\u0399",
	0x1F92: "\u1F2A\u0399",
	0x1F93: "\u1F2B\u0399",
	0x1F94: "\u1F2C\u0399",
	0x1F95: "\u1F2D\u0399",
	0x1F96: "\u1F2E\u0399",
	0x1F97: "\u1F2F\u0399",
	0x1F98: "\u1F28\u0399",
	0x1F99: "\u1F29\u0399",
	0x1F9A: "\u1F2A\u0399",
	0x1F9B: "\u1F2B\u0399",
	0x1F9C: "\u1F2C\u0399",
	0x1F9D: "\u1F2D\u0399",
	0x1F9E: "\u1F2E\u0399",
	0x1F9F: "\u1F2F\u0399",
	0x1FA0: "\u1F68\u0399",
	0x1FA1: "\u1F69\u0399",
	0x1FA2: "\u1F6A\u0399",
	0x1FA3: "\u1F6B\u0399",
	0x1FA4: "\u1F6C\u0399",
	0x1FA5: "\u1F6D\u0399",
	0x1FA6: "\u1F6E\u0399",
	0x1FA7: "\u1F6F\u0399",
	0x1FA8: "\u1F68\u0399",
	0x1FA9: "\u1F69\u0399",
	0x1FAA: "\u1F6A\u0399",
	0x1FAB: "\u1F6B\u0399",
	0x1FAC: "\u1F6C\u0399",
	0x1FAD: "\u1F6D\u0399",
	0x1FAE: "\u1F6E\u0399",
	0x1FAF: "\u1F6F\u0399",
	0x1FB2: "\u1FBA\u0399",
	0x1FB3: "\u0391\u0399",
	0x1FB4: "\u0386\u0399",
	0x1FB6: "\u0391\u0342",
	0x1FB7: "\u0391\u0342\u0399",
	0x1FBC: "\u0391\u0399",
	0x1FC2: "\u1FCA\u0399",
	0x1FC3: "\u0397\u0399",
	0x1FC4: "\u0389\u0399",
	0x1FC6: "\u0397\u0342",
	0x1FC7: "\u0397\u0342\u0399",
	0x1FCC: "\u0397\u0399",
	0x1FD2: "\u0399\u0308\u0300",
	0x1FD3: "\u0399\u0308\u0301",
	0x1FD6: "\u0399\u0342",
	0x1FD7: "\u0399\u0308\u0342",
	0x1FE2: "\u03A5\u0308\u0300",
	0x1FE3: "\u03A5\u0308\u0301",
	0x1FE4: "\u03A1\u0313",
	0x1FE6: "\u03A5\u0342",
	0x1FE7: "\u03A5\u0308\u0342",
	0x1FF2: "\u1FFA\u0399",
	0x1FF3: "\u03A9\u0399",
	0x1FF4: "\u038F\u0399",
	0x1FF6: "\u03A9\u0342",
	0x1FF7: "\u03A9\u0342\u0399",
	0x1FFC: "\u03A9\u0399",
	0xFB00: "\u0046\u0046",
	0xFB01: "\u0046\u0049",
	0xFB02: "\u0046\u004C",
	0xFB03: "\u0046\u0046\u0049",
	0xFB04: "\u0046\u0046\u004C",
	0xFB05: "\u0053\u0054",
	0xFB06: "\u0053\u0054",
	0xFB13: "\u0544\u0546",
	0xFB14: "\u0544\u0535",
	0xFB15: "\u0544\u053B",
	0xFB16: "\u054E\u0546",
	0xFB17: "\u0544\u053D",
}

// simpleUpper is unicode.ToUpper, plus the lower-case letters that Unicode
// 16 and 17 added, which Go's tables (Unicode 15.0) leave as they are and
// JavaScript (Node 20: ICU 78, Unicode 17) upper-cases. A browser with an
// older ICU leaves them too: a name with one of them then hydrates with a
// warning there, and the client renders it again.
func simpleUpper(r rune) rune {
	switch {
	case r >= 0x10D70 && r <= 0x10D85: // Garay
		return r - 0x20
	case r >= 0x16EBB && r <= 0x16ED3: // Beria Erfe
		return r - 0x1B
	}
	if u, ok := unicode16Upper[r]; ok {
		return u
	}
	return unicode.ToUpper(r)
}

// unicode16Upper is the rest of the new upper-case mappings (Latin and
// Cyrillic).
var unicode16Upper = map[rune]rune{
	0x019B: 0xA7DC, 0x0264: 0xA7CB, 0x1C8A: 0x1C89, 0xA7CD: 0xA7CC,
	0xA7CF: 0xA7CE, 0xA7D3: 0xA7D2, 0xA7D5: 0xA7D4, 0xA7DB: 0xA7DA,
}
