// Debian's libxml2 is built with ICU, so its encoding.h includes the system's ICU headers, whose
// UErrorCode then clashes with Foundation's own ICU module in any target that sees both. The
// sanitizer never touches an encoding handler's ICU converters, so the headers are read without
// them (the library itself is unchanged).
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
