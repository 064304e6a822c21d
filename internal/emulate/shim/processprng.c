/*
 * bcryptprimitives.dll for wine 8, which lacks ProcessPrng.
 *
 * Go 1.22+ on Windows draws all its randomness from ProcessPrng, which it
 * loads from system32\bcryptprimitives.dll at startup and aborts without.
 * This DLL exports it, forwarding to RtlGenRandom (advapi32's
 * SystemFunction036), which wine has. Like the real ProcessPrng it
 * always succeeds for any length: RtlGenRandom takes a ULONG, so large
 * requests go in chunks.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, n))
            return FALSE;
        data += n;
        length -= n;
    }
    return TRUE;
}
