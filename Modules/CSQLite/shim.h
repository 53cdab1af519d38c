#ifndef SDK_CSQLITE_SHIM_H
#define SDK_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
