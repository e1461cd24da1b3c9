// WinAnsiEncoding, the standard fonts' encoding of the PDF specification (ISO 32000-1, annex D),
// as pdfkit 0.20 applies it (render-danfe.test.ts compares every code and width with pdfkit's):
// the characters past Latin-1 that WinAnsi places in 0x80-0x9f, and the glyph name of each code.
// Here so that a drawing thread reads the fonts' metrics without loading pdfkit (fonts.ts); the
// emulator's own PDF writer encodes its text with the same table.

/** Unicode code point to WinAnsi code, for the characters WinAnsi moves (the others keep theirs). */
export const WIN_ANSI_MAP: Readonly<Record<number, number>> = {
  402: 131,
  8211: 150,
  8212: 151,
  8216: 145,
  8217: 146,
  8218: 130,
  8220: 147,
  8221: 148,
  8222: 132,
  8224: 134,
  8225: 135,
  8226: 149,
  8230: 133,
  8364: 128,
  8240: 137,
  8249: 139,
  8250: 155,
  710: 136,
  8482: 153,
  338: 140,
  339: 156,
  732: 152,
  352: 138,
  353: 154,
  376: 159,
  381: 142,
  382: 158,
};

/** The glyph name of each WinAnsi code, 0 to 255 (`.notdef` where it has none). */
export const WIN_ANSI_GLYPHS: readonly string[] = [
  ...Array<string>(32).fill('.notdef'),
  ...`space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright
  asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon
  semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z
  bracketleft backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q
  r s t u v w x y z braceleft bar braceright asciitilde .notdef Euro .notdef quotesinglbase florin
  quotedblbase ellipsis dagger daggerdbl circumflex perthousand Scaron guilsinglleft OE .notdef
  Zcaron .notdef .notdef quoteleft quoteright quotedblleft quotedblright bullet endash emdash tilde
  trademark scaron guilsinglright oe .notdef zcaron ydieresis space exclamdown cent sterling
  currency yen brokenbar section dieresis copyright ordfeminine guillemotleft logicalnot hyphen
  registered macron degree plusminus twosuperior threesuperior acute mu paragraph periodcentered
  cedilla onesuperior ordmasculine guillemotright onequarter onehalf threequarters questiondown
  Agrave Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis
  Igrave Iacute Icircumflex Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis
  multiply Oslash Ugrave Uacute Ucircumflex Udieresis Yacute Thorn germandbls agrave aacute
  acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex edieresis igrave iacute
  icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis divide oslash ugrave
  uacute ucircumflex udieresis yacute thorn ydieresis`.split(/\s+/),
];
