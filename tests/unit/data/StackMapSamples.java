/* StackMapSamples.java - methods whose stack maps tests/unit/test_stackmap.c
 * checks.  Compiled by javac (release 17) into StackMapSamples.class, which
 * is committed so the unit test needs no JDK:
 *     javac --release 17 -d tests/unit/data tests/unit/data/StackMapSamples.java
 */
public class StackMapSamples {
    Object field;
    static Object sfield;

    static int strInt(String s, int n) {
        String t = s.trim();
        int k = t.length() + n;
        return k;
    }

    static Object makeBuilder(int cap) {
        return new StringBuilder(cap);
    }

    static int handler(Object o) {
        int r;
        try {
            r = o.hashCode();
        } catch (RuntimeException e) {
            r = -1;
        }
        return r;
    }

    static double wide(long a, double b, Object c, int d) {
        long x = a * 2;
        Object y = c;
        return b + x + d + y.hashCode();
    }

    static int conflict(boolean f) {
        if (f) {
            String s = "a";
            sink(s);
        } else {
            int i = 5;
            sinkInt(i);
        }
        return 0;
    }

    static Object sw(int k, Object a) {
        switch (k) {
            case 0: return a;
            case 1: return "one";
            case 2: return null;
            default: break;
        }
        switch (k) {
            case 10: return a;
            case 1000: return "x";
            default: return a.toString();
        }
    }

    static int loop(Object[] arr) {
        int s = 0;
        for (Object o : arr) s += o.hashCode();
        return s;
    }

    static String concat(String a, int b) {
        return a + b;
    }

    static Object ldcs() {
        long l = 1234567890123L;
        Object c = String.class;
        double d = 2.5;
        return "s" + l + c + d;
    }

    static int[][] multi(int n) {
        return new int[n][3];
    }

    void sync(Object o) {
        synchronized (o) {
            field = o;
        }
    }

    long dup2x2(long[] a, int i) {
        long v;
        a[i] = v = a[0] + 1;
        return v;
    }

    int dupx2(int[] a) {
        return a[0]++;
    }

    Object dupx1(Object x) {
        return field = x;
    }

    long dup2x1(long y) {
        return lf = y;
    }
    long lf;

    static long manyLocals(long a, Object keep) {
        long v0 = a + 0;
        long v1 = a + 1;
        long v2 = a + 2;
        long v3 = a + 3;
        long v4 = a + 4;
        long v5 = a + 5;
        long v6 = a + 6;
        long v7 = a + 7;
        long v8 = a + 8;
        long v9 = a + 9;
        long v10 = a + 10;
        long v11 = a + 11;
        long v12 = a + 12;
        long v13 = a + 13;
        long v14 = a + 14;
        long v15 = a + 15;
        long v16 = a + 16;
        long v17 = a + 17;
        long v18 = a + 18;
        long v19 = a + 19;
        long v20 = a + 20;
        long v21 = a + 21;
        long v22 = a + 22;
        long v23 = a + 23;
        long v24 = a + 24;
        long v25 = a + 25;
        long v26 = a + 26;
        long v27 = a + 27;
        long v28 = a + 28;
        long v29 = a + 29;
        long v30 = a + 30;
        long v31 = a + 31;
        long v32 = a + 32;
        long v33 = a + 33;
        long v34 = a + 34;
        long v35 = a + 35;
        long v36 = a + 36;
        long v37 = a + 37;
        long v38 = a + 38;
        long v39 = a + 39;
        long v40 = a + 40;
        long v41 = a + 41;
        long v42 = a + 42;
        long v43 = a + 43;
        long v44 = a + 44;
        long v45 = a + 45;
        long v46 = a + 46;
        long v47 = a + 47;
        long v48 = a + 48;
        long v49 = a + 49;
        long v50 = a + 50;
        long v51 = a + 51;
        long v52 = a + 52;
        long v53 = a + 53;
        long v54 = a + 54;
        long v55 = a + 55;
        long v56 = a + 56;
        long v57 = a + 57;
        long v58 = a + 58;
        long v59 = a + 59;
        long v60 = a + 60;
        long v61 = a + 61;
        long v62 = a + 62;
        long v63 = a + 63;
        long v64 = a + 64;
        long v65 = a + 65;
        long v66 = a + 66;
        long v67 = a + 67;
        long v68 = a + 68;
        long v69 = a + 69;
        long v70 = a + 70;
        long v71 = a + 71;
        long v72 = a + 72;
        long v73 = a + 73;
        long v74 = a + 74;
        long v75 = a + 75;
        long v76 = a + 76;
        long v77 = a + 77;
        long v78 = a + 78;
        long v79 = a + 79;
        long v80 = a + 80;
        long v81 = a + 81;
        long v82 = a + 82;
        long v83 = a + 83;
        long v84 = a + 84;
        long v85 = a + 85;
        long v86 = a + 86;
        long v87 = a + 87;
        long v88 = a + 88;
        long v89 = a + 89;
        long v90 = a + 90;
        long v91 = a + 91;
        long v92 = a + 92;
        long v93 = a + 93;
        long v94 = a + 94;
        long v95 = a + 95;
        long v96 = a + 96;
        long v97 = a + 97;
        long v98 = a + 98;
        long v99 = a + 99;
        long v100 = a + 100;
        long v101 = a + 101;
        long v102 = a + 102;
        long v103 = a + 103;
        long v104 = a + 104;
        long v105 = a + 105;
        long v106 = a + 106;
        long v107 = a + 107;
        long v108 = a + 108;
        long v109 = a + 109;
        long v110 = a + 110;
        long v111 = a + 111;
        long v112 = a + 112;
        long v113 = a + 113;
        long v114 = a + 114;
        long v115 = a + 115;
        long v116 = a + 116;
        long v117 = a + 117;
        long v118 = a + 118;
        long v119 = a + 119;
        long v120 = a + 120;
        long v121 = a + 121;
        long v122 = a + 122;
        long v123 = a + 123;
        long v124 = a + 124;
        long v125 = a + 125;
        long v126 = a + 126;
        long v127 = a + 127;
        long v128 = a + 128;
        long v129 = a + 129;
        Object o = keep;
        return v0 + v13 + v26 + v39 + v52 + v65 + v78 + v91 + v104 + v117 + o.hashCode();
    }

    int inst(int x) {
        return field == null ? x : field.hashCode();
    }

    static Runnable lam(Object o) {
        return () -> sink(o);
    }

    static int tryFinally(Object o) {
        int r = 0;
        try {
            r = o.hashCode();
        } finally {
            sfield = o;
        }
        return r;
    }

    static Object condRef(boolean b, Object x) {
        Object y = b ? x : "lit";
        return y;
    }

    static void sink(Object o) { sfield = o; }
    static void sinkInt(int i) { }
}
