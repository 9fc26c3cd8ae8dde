// StringBuilder: append of every type, insert, delete, deleteCharAt, replace, reverse, setCharAt, setLength.
public class StringBuilderOps {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        sb.append(true).append(',').append('c').append(',').append(42).append(',').append(-7L).append(',')
          .append(1.5f).append(',').append(0.25).append(',').append("str").append(',').append((Object) null)
          .append(',').append(new char[] {'x', 'y'}).append(',').append((String) null).append(',').append(new StringBuilder("sb"));
        System.out.println(sb + " len=" + sb.length());
        sb.setLength(0);
        sb.append("0123456789");
        sb.insert(0, "<").insert(sb.length(), '>').insert(5, 3.5).insert(2, true);
        System.out.println(sb);
        sb.delete(1, 5);
        System.out.println(sb);
        sb.deleteCharAt(0).deleteCharAt(sb.length() - 1);
        System.out.println(sb);
        sb.replace(0, 3, "ABCDE");
        System.out.println(sb);
        sb.reverse();
        System.out.println(sb);
        sb.setCharAt(0, '#');
        System.out.println(sb + " " + sb.charAt(1) + " " + sb.indexOf("C") + " " + sb.lastIndexOf("9") + " " + sb.indexOf("zz"));
        sb.setLength(3);
        System.out.println("[" + sb + "]");
        sb.setLength(5);
        System.out.println(sb.length() + " " + (int) sb.charAt(4));
        System.out.println(sb.substring(1) + "|" + sb.substring(0, 2));
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 5000; i++) big.append(i % 10);
        System.out.println(big.length() + " " + big.charAt(4321));
        big.delete(10, 4990);
        System.out.println(big);
        StringBuilder unicode = new StringBuilder("ab\u00e9");
        unicode.reverse();
        System.out.println((int) unicode.charAt(0) + " " + unicode.charAt(2));
        StringBuilder cap = new StringBuilder(100);
        System.out.println(cap.length() + "[" + cap + "]");
        StringBuilder cs = new StringBuilder("prefix-");
        cs.append("abcdef", 2, 4);
        System.out.println(cs);
        try {
            sb.deleteCharAt(100);
        } catch (StringIndexOutOfBoundsException e) {
            System.out.println("deleteCharAt out of range: " + e.getClass().getName());
        }
        StringBuffer buf = new StringBuffer("buffer");
        buf.append(1).insert(0, '[').append(']').reverse();
        System.out.println(buf);
    }
}
