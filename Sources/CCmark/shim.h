#include <cmark.h>
