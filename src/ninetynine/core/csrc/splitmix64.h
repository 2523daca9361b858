/* SplitMix64 (Steele, Lea & Flood 2014): the generator every game draws its chance from, as
 * core/rng.py's Rng draws it. A C core that deals with these functions, in the reference's
 * order, deals the same game from the same seed as the reference engine.
 *
 *   next_u64(&s)        Rng.next_u64()
 *   randbelow(&s, n)    Rng.randbelow(n): uniform in 0 .. n-1, no modulo bias (n > 0)
 *   shuffle_u8(&s,a,m)  Rng.shuffle(a[:m]): Fisher-Yates from the end, j = randbelow(i + 1)
 */
#ifndef NINETYNINE_SPLITMIX64_H
#define NINETYNINE_SPLITMIX64_H
#include <stdint.h>

#define SPLITMIX64_GOLDEN 0x9E3779B97F4A7C15ULL

static inline uint64_t next_u64(uint64_t *s) {
    uint64_t z = (*s += SPLITMIX64_GOLDEN);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t randbelow(uint64_t *s, uint64_t n) {
    uint64_t rem = (0 - n) % n; /* 2**64 mod n */
    for (;;) {
        uint64_t r = next_u64(s);
        if (rem == 0 || r < 0 - rem) return r % n;
    }
}

static inline void shuffle_u8(uint64_t *s, uint8_t *a, int m) {
    for (int i = m - 1; i > 0; i--) {
        int j = (int)randbelow(s, (uint64_t)(i + 1));
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
#endif
